import { randomBytes } from 'node:crypto';
import { createTestApp, type Session, type TestApp } from '../helpers/test-app';
import { NO_SUCH_ACCOUNT, household, ledgerBalance, openSecondAccount, type Customer, type Household } from '../transactions/held-accounts';
import { applicationPayload, authorise, issuedCard, type IssuedCard } from './card-helpers';

const BORROW_REFUSAL = 'Loans and cards can be taken only by the account owner or a joint holder';

/**
 * Cards on an account (docs/decisions/0062-accounts.md): an application names the account it borrows on (the
 * primary when none), which only its owner or a joint holder may; the card's balance is paid from that account.
 */
describe('POST /v1/card and /v1/card/:id/pay with accountId', () => {
  let t: TestApp;
  let h: Household;

  beforeAll(async () => {
    t = await createTestApp();
    h = await household(t.app, { funded: '300.00', secondFunded: '200.00' });
  });
  afterAll(() => t.close());

  const apply = (session: Session, overrides: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url: '/v1/card', headers: session.headers, payload: applicationPayload(overrides) });
  const cardRow = async (id: string) => (await t.app.db.query(`SELECT customer_id, account_id, currency FROM cards WHERE id = $1`, [id]))[0];

  /** A card issued to `who` on `accountId`, with `owed` captured into its balance. */
  async function cardOwing(who: Customer, accountId: string | undefined, owed: string): Promise<IssuedCard> {
    const card = await issuedCard(t.app, { session: who.session, staff: h.staff }, accountId ? { accountId, creditLimit: '500' } : { creditLimit: '500' });
    const held = await authorise(t.app, h.staff, card, { amount: owed });
    const captured = await t.app.inject({ method: 'POST', url: `/v1/network/card-authorisations/${held.json().authorisation.id}/capture`, headers: h.staff.headers, payload: {} });
    expect(captured.statusCode).toBe(200);
    return card;
  }
  const pay = (session: Session, card: IssuedCard, amount: string) =>
    t.app.inject({ method: 'POST', url: `/v1/card/${card.id}/pay`, headers: { ...session.headers, 'idempotency-key': `pay-${randomBytes(6).toString('hex')}` }, payload: { amount, pin: '2468' } });

  it('puts an application that names no account on the primary account, as before', async () => {
    const res = await apply(h.owner.session);
    expect(res.statusCode).toBe(201);
    expect(await cardRow(res.json().card.id)).toEqual({ customer_id: h.owner.id, account_id: h.primary.id, currency: 'USD' });
  });

  it("puts a card on the owner's second account, and a joint holder's on the account they share", async () => {
    const own = await apply(h.owner.session, { accountId: h.second.id });
    expect(own.statusCode).toBe(201);
    expect(await cardRow(own.json().card.id)).toEqual({ customer_id: h.owner.id, account_id: h.second.id, currency: 'USD' });
    const joint = await apply(h.joint.session, { accountId: h.second.id });
    expect(joint.statusCode).toBe(201);
    expect(await cardRow(joint.json().card.id)).toEqual({ customer_id: h.joint.id, account_id: h.second.id, currency: 'USD' });
    const [audit] = await t.app.db.query(`SELECT details FROM audit_log WHERE action = 'card.apply' AND target_id = $1`, [joint.json().card.id]);
    expect(audit.details).toMatchObject({ accountId: h.second.id });
  });

  it("takes the card's currency from its account", async () => {
    const euros = await openSecondAccount(t.app, h.owner.id, 'EUR');
    const res = await apply(h.owner.session, { accountId: euros.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().card).toMatchObject({ currency: 'EUR', creditLimit: '2000.00' });
  });

  it('refuses a dependant (403, the roles message), a stranger (404) and a malformed id (400)', async () => {
    const dependant = await apply(h.dependant.session, { accountId: h.second.id });
    expect(dependant.statusCode).toBe(403);
    expect(dependant.json()).toEqual({ success: false, error: BORROW_REFUSAL, errors: { accountId: BORROW_REFUSAL } });
    for (const [session, id] of [
      [h.stranger.session, h.second.id],
      [h.joint.session, h.primary.id],
      [h.owner.session, NO_SUCH_ACCOUNT],
    ] as const) {
      const res = await apply(session, { accountId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Account not found' });
    }
    const bad = await apply(h.owner.session, { accountId: 'my-savings' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ accountId: 'accountId must be the id of one of your accounts' });
    const none = await t.app.db.query(`SELECT 1 FROM cards WHERE customer_id IN ($1, $2)`, [h.dependant.id, h.stranger.id]);
    expect(none).toEqual([]);
  });

  it('pays a card on the primary account from the primary account, as before', async () => {
    const card = await cardOwing(h.owner, undefined, '40.00');
    const before = { primary: await ledgerBalance(t.app, h.primary.ledgerAccountId), second: await ledgerBalance(t.app, h.second.ledgerAccountId) };
    const paid = await pay(h.owner.session, card, '40.00');
    expect(paid.statusCode).toBe(201);
    expect(await ledgerBalance(t.app, h.primary.ledgerAccountId)).toBe(String(BigInt(before.primary) - 4000n));
    expect(await ledgerBalance(t.app, h.second.ledgerAccountId)).toBe(before.second);
  });

  it("pays a joint holder's card from the shared account, on the owner's history of it", async () => {
    const card = await cardOwing(h.joint, h.second.id, '100.00');
    const [jointOwn] = await t.app.db.query(`SELECT id::text AS id, balance_minor::text AS b FROM ledger_accounts WHERE customer_id = $1`, [h.joint.id]);
    const before = await ledgerBalance(t.app, h.second.ledgerAccountId);
    const paid = await pay(h.joint.session, card, '60.00');
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ card: { balanceOwed: '40.00' }, transaction: { type: 'debit', kind: 'card_payment', amount: '60.00' } });
    expect(await ledgerBalance(t.app, h.second.ledgerAccountId)).toBe(String(BigInt(before) - 6000n));
    expect((await t.app.db.query(`SELECT balance_minor::text AS b FROM ledger_accounts WHERE id = $1`, [jointOwn.id]))[0].b).toBe(jointOwn.b);
    const [row] = await t.app.db.query(`SELECT customer_id, account_id::text AS account_id FROM transactions WHERE reference = $1`, [paid.json().transaction.reference]);
    expect(row).toEqual({ customer_id: h.owner.id, account_id: h.second.ledgerAccountId });

    // Too much for the account: refused before the PIN, nothing moves.
    const broke = await cardOwing(h.joint, h.second.id, '400.00');
    const tooMuch = await pay(h.joint.session, broke, '400.00');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe('Insufficient funds');
    expect(await ledgerBalance(t.app, h.second.ledgerAccountId)).toBe(String(BigInt(before) - 6000n));
  });

  it('refuses to pay from the account once the holder no longer holds it, or holds it as a dependant', async () => {
    const card = await cardOwing(h.joint, h.second.id, '10.00');
    const setRole = (role: string, status: string) =>
      t.app.db.query(`UPDATE account_holders SET role = $3::text, status = $4, daily_limit_minor = CASE WHEN $3::text = 'dependant' THEN 10000 END WHERE account_id = $1 AND customer_id = $2`, [
        h.second.id,
        h.joint.id,
        role,
        status,
      ]);
    try {
      await setRole('joint', 'removed');
      expect((await pay(h.joint.session, card, '10.00')).statusCode).toBe(404);
      await setRole('dependant', 'active');
      const dependant = await pay(h.joint.session, card, '10.00');
      expect(dependant.statusCode).toBe(403);
      expect(dependant.json().error).toBe(BORROW_REFUSAL);
    } finally {
      await setRole('joint', 'active');
    }
    expect((await pay(h.joint.session, card, '10.00')).statusCode).toBe(201);
  });
});
