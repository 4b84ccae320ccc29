import { createTestApp, type Session, type TestApp } from '../helpers/test-app';
import { NO_SUCH_ACCOUNT, household, ledgerBalance, openSecondAccount, type Household } from '../transactions/held-accounts';
import { chequeFields, deposit } from './cheque-fixtures';

/**
 * Cheques to an account (docs/decisions/0062-accounts.md): a deposit names the account it is credited to (the primary
 * when none), one the depositor may pay into, in that account's currency; approval credits that account.
 */
describe('POST /v1/cheque with accountId: credited to its account on approval', () => {
  let t: TestApp;
  let h: Household;

  beforeAll(async () => {
    t = await createTestApp();
    h = await household(t.app, { funded: '10.00' });
  });
  afterAll(() => t.close());

  const depositTo = (session: Session, fields: Record<string, string> = {}) => deposit(t.app, session, { fields: chequeFields(fields) });
  const chequeRow = async (id: string) => (await t.app.db.query(`SELECT customer_id, account_id, currency FROM cheques WHERE id = $1`, [id]))[0];
  const approve = async (id: string) => {
    const res = await t.app.inject({ method: 'PATCH', url: `/v1/cheque/${id}/approve`, headers: h.staff.headers, payload: {} });
    expect(res.statusCode).toBe(200);
  };
  const creditOf = async (chequeId: string) =>
    (
      await t.app.db.query(`SELECT t.customer_id, t.account_id::text AS account_id, t.amount_minor::text AS amount FROM cheques q JOIN transactions t ON t.id = q.transaction_id WHERE q.id = $1`, [
        chequeId,
      ])
    )[0];
  const balances = async () => ({ primary: BigInt(await ledgerBalance(t.app, h.primary.ledgerAccountId)), second: BigInt(await ledgerBalance(t.app, h.second.ledgerAccountId)) });

  it('credits a deposit that names no account to the primary account, as before', async () => {
    const res = await depositTo(h.owner.session);
    expect(res.statusCode).toBe(201);
    const id = res.json().cheque.id as string;
    expect(await chequeRow(id)).toEqual({ customer_id: h.owner.id, account_id: h.primary.id, currency: 'USD' });
    const before = await balances();
    await approve(id);
    expect(await balances()).toEqual({ primary: before.primary + 25000n, second: before.second });
    expect(await creditOf(id)).toEqual({ customer_id: h.owner.id, account_id: h.primary.ledgerAccountId, amount: '25000' });
  });

  it("credits the owner's second account, and a joint or a dependant holder's deposit to the account they share", async () => {
    for (const who of [h.owner, h.joint, h.dependant]) {
      const res = await depositTo(who.session, { accountId: h.second.id, amount: '40.00' });
      expect(res.statusCode).toBe(201);
      const id = res.json().cheque.id as string;
      expect(await chequeRow(id)).toEqual({ customer_id: who.id, account_id: h.second.id, currency: 'USD' });
      const before = await balances();
      await approve(id);
      expect(await balances()).toEqual({ primary: before.primary, second: before.second + 4000n });
      // The credit is the account owner's row, so it is on the shared account's history.
      expect(await creditOf(id)).toEqual({ customer_id: h.owner.id, account_id: h.second.ledgerAccountId, amount: '4000' });
    }
    const mine = await t.app.inject({ method: 'GET', url: `/v1/cheque/user/${h.dependant.id}`, headers: { cookie: h.dependant.session.cookie } });
    expect(mine.json().items).toHaveLength(1);
  });

  it("refuses a cheque in another currency than the named account's with a clear 400, and takes one in it", async () => {
    const euros = await openSecondAccount(t.app, h.owner.id, 'EUR');
    const dollars = await depositTo(h.owner.session, { accountId: euros.id, currency: 'USD' });
    expect(dollars.statusCode).toBe(400);
    expect(dollars.json()).toEqual({
      success: false,
      error: 'Cheques are credited to your EUR account: deposit cheques written in EUR',
      errors: { currency: 'Cheques are credited to your EUR account: deposit cheques written in EUR' },
    });
    const inEuros = await depositTo(h.owner.session, { accountId: euros.id, currency: 'EUR', amount: '12.50' });
    expect(inEuros.statusCode).toBe(201);
    expect(inEuros.json().cheque).toMatchObject({ currency: 'EUR', amount: '12.50' });
    await approve(inEuros.json().cheque.id);
    expect(await ledgerBalance(t.app, euros.ledgerAccountId)).toBe('1250');
  });

  it('refuses a stranger (404), an account that cannot receive (403) and a malformed id (400), storing nothing', async () => {
    const count = async () => Number((await t.app.db.query(`SELECT count(*) FROM cheques`))[0].count);
    const before = await count();
    for (const [session, id] of [
      [h.stranger.session, h.second.id],
      [h.joint.session, h.primary.id],
      [h.owner.session, NO_SUCH_ACCOUNT],
    ] as const) {
      const res = await depositTo(session, { accountId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Account not found' });
    }
    const closed = await openSecondAccount(t.app, h.owner.id);
    await t.app.db.query(`UPDATE accounts SET status = 'closed', closed_at = now() WHERE id = $1`, [closed.id]);
    const toClosed = await depositTo(h.owner.session, { accountId: closed.id });
    expect(toClosed.statusCode).toBe(403);
    expect(toClosed.json().error).toBe('This account is closed');
    const bad = await depositTo(h.owner.session, { accountId: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ accountId: 'accountId must be the id of one of your accounts' });
    expect(await count()).toBe(before);
  });
});
