import { localTransfer, internationalTransfer } from '../helpers/transfer-payloads';
import { approvedCustomer, codeIn, createTestApp, lastMail, type TestApp } from '../helpers/test-app';
import { addDependant, keyed, ledgerBalance, primaryAccountOf } from './own-helpers';

const OVER = 'This payment would take you over the daily limit of $50.00 set by the account owner';

/** A dependant pays from the account shared with them within the daily limit its owner set (docs/decisions/0062-accounts.md). */
describe('payments by a dependant from a shared account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An owner with $500 whose primary account is shared with a dependant allowed $50.00 a day. */
  async function family() {
    const owner = await approvedCustomer(t.app, { funded: '500.00' });
    const child = await approvedCustomer(t.app, { staff: owner.staff });
    const shared = await primaryAccountOf(t, owner.id);
    const holderId = await addDependant(t, shared.id, child.id, owner.id, 5000n);
    return { owner, child, shared, holderId, own: await primaryAccountOf(t, child.id) };
  }
  const spent = async (holderId: string) => (await t.app.db.query(`SELECT spent_minor::text AS spent FROM account_holders WHERE id = $1`, [holderId]))[0].spent as string;

  it('moves money into their own account with their PIN, counted against the limit, in the owner’s history', async () => {
    const { child, shared, holderId, own, owner } = await family();
    const move = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/v1/transfer/own', headers: keyed(child.session.headers), payload: { fromAccountId: shared.id, toAccountId: own.id, ...payload } });
    const quote = await t.app.inject({ method: 'GET', url: `/v1/transfer/quote?type=own&fromAccountId=${shared.id}&toAccountId=${own.id}&amount=20.00`, headers: { cookie: child.session.cookie } });
    expect(quote.json()).toMatchObject({ amount: '20.00', creditAmount: '20.00', pinRequired: true });

    const noPin = await move({ amount: '20.00' });
    expect(noPin.statusCode).toBe(400);
    expect(noPin.json().errors).toEqual({ pin: 'Enter your transaction PIN' });
    const wrongPin = await move({ amount: '20.00', pin: '0000' });
    expect(wrongPin.statusCode).toBe(400);
    expect(wrongPin.json().errors.pin).toBe('Incorrect PIN');
    const ok = await move({ amount: '20.00', pin: '2468' });
    expect(ok.statusCode).toBe(201);
    expect(await spent(holderId)).toBe('2000');
    const rows = await t.app.db.query(`SELECT customer_id, type FROM transactions WHERE kind = 'own_transfer' AND reference LIKE $1 ORDER BY type`, [`${ok.json().transaction.reference}%`]);
    expect(rows).toEqual([
      { customer_id: child.id, type: 'credit' },
      { customer_id: owner.id, type: 'debit' },
    ]);
    const over = await move({ amount: '30.01', pin: '2468' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ success: false, error: OVER, errors: { amount: OVER } });
    expect(await move({ amount: '30.00', pin: '2468' })).toMatchObject({ statusCode: 201 });
    expect(await spent(holderId)).toBe('5000');
    expect(await ledgerBalance(t, shared.ledgerAccountId)).toBe('45000');
    expect(await ledgerBalance(t, own.ledgerAccountId)).toBe('5000');
  });

  it('pays another customer from the shared account within the limit, and is refused beyond it', async () => {
    const { child, shared, holderId } = await family();
    const payee = await approvedCustomer(t.app, { staff: child.staff });
    const pay = (amount: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/transfer/same',
        headers: keyed(child.session.headers),
        payload: { accountId: shared.id, recipientAccountNumber: payee.accountNumber, amount, pin: '2468' },
      });
    const first = await pay('45.00');
    expect(first.statusCode).toBe(201);
    expect(first.json().transaction).toMatchObject({ type: 'debit', kind: 'transfer_same', amount: '45.00', balanceAfter: '455.00' });
    const over = await pay('5.01');
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toBe(OVER);
    expect(await spent(holderId)).toBe('4500');
    expect(await ledgerBalance(t, shared.ledgerAccountId)).toBe('45500');
    expect(await ledgerBalance(t, (await primaryAccountOf(t, payee.id)).ledgerAccountId)).toBe('4500');
    // Without an account named, the dependant pays from their own (empty) account, as before.
    const ownMoney = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/same',
      headers: keyed(child.session.headers),
      payload: { recipientAccountNumber: payee.accountNumber, amount: '1.00', pin: '2468' },
    });
    expect(ownMoney.json().error).toBe('Insufficient funds');
    // A family member cannot send money abroad from the shared account.
    const abroad = await t.app.inject({ method: 'POST', url: '/v1/transfer/international', headers: keyed(child.session.headers), payload: { ...internationalTransfer(), accountId: shared.id } });
    expect(abroad.statusCode).toBe(403);
  });

  it('never lets 20 concurrent payments spend more than the limit', async () => {
    const { child, shared, holderId } = await family();
    const payee = await approvedCustomer(t.app, { staff: child.staff });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/transfer/same',
          headers: keyed(child.session.headers),
          payload: { accountId: shared.id, recipientAccountNumber: payee.accountNumber, amount: '5.00', pin: '2468' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode !== 201).map((a) => a.json().error)).toEqual(Array(10).fill(OVER));
    expect(await spent(holderId)).toBe('5000');
    expect(await ledgerBalance(t, shared.ledgerAccountId)).toBe('45000');
  });

  it('holds a local payment from the shared account once authenticated with the code and their PIN, against the limit', async () => {
    const { child, shared, holderId, owner } = await family();
    const start = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: child.session.headers, payload: { ...localTransfer({ amount: '40.00' }), accountId: shared.id } });
    expect(start.statusCode).toBe(201);
    const { transferId } = start.json();
    const [row] = await t.app.db.query(`SELECT account_id FROM transfers WHERE id = $1`, [transferId]);
    expect(row.account_id).toBe(shared.id);
    const code = codeIn((await lastMail(t.app, child.email as string)).bodyText);
    expect((await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: child.session.headers, payload: { transferId, code } })).json().nextStep).toBe('pin');
    const pin = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: child.session.headers, payload: { transferId, pin: '2468' } });
    expect(pin.json()).toMatchObject({ success: true, nextStep: 'success', transaction: { status: 'pending', amount: '40.00' } });
    const fee = BigInt((await t.app.db.query(`SELECT fee_minor::text AS fee FROM transfers WHERE id = $1`, [transferId]))[0].fee);
    expect(await spent(holderId)).toBe((4000n + fee).toString());
    expect(await ledgerBalance(t, shared.ledgerAccountId)).toBe((50000n - 4000n - fee).toString());
    const [debit] = await t.app.db.query(`SELECT customer_id FROM transactions WHERE id = $1`, [pin.json().transaction.id]);
    expect(debit.customer_id).toBe(owner.id);
    // What is left of the allowance cannot pay another such payment.
    const more = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: child.session.headers, payload: { ...localTransfer({ amount: '40.00' }), accountId: shared.id } });
    expect(more.statusCode).toBe(422);
  });

  it('is refused on an account whose dependant was removed', async () => {
    const { child, shared, own, holderId } = await family();
    await t.app.db.query(`UPDATE account_holders SET status = 'removed', removed_at = now() WHERE id = $1`, [holderId]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/own',
      headers: keyed(child.session.headers),
      payload: { fromAccountId: shared.id, toAccountId: own.id, amount: '1.00', pin: '2468' },
    });
    expect(res.statusCode).toBe(404);
  });
});
