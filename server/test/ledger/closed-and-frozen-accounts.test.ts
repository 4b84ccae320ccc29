import { randomUUID } from 'node:crypto';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';
import { closeRequest, creditAccount, ledgerBalance, openAccount } from '../accounts/account-fixtures';

/** A payment already on its way when its account closed must be refused, not land where nobody can reach it. */
describe('ledger: a closed account takes no postings, and nothing leaves a frozen one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a credit to an account that has closed (409), and books nothing', async () => {
    const owner = await approvedCustomer(t.app);
    const account = await openAccount(t.app, owner.session, { product: 'savings', currency: 'USD' });
    await creditAccount(t.app, account.id, '5.00');
    const [primary] = await t.app.db.query(`SELECT id FROM accounts WHERE customer_id = $1 AND is_primary`, [owner.id]);
    const closed = await closeRequest(t.app, owner.session, account.id, { sweepToAccountId: primary.id });
    expect(closed.statusCode).toBe(200);
    const [{ closed: flagged }] = await t.app.db.query(`SELECT l.closed FROM ledger_accounts l JOIN accounts a ON a.ledger_account_id = l.id WHERE a.id = $1`, [account.id]);
    expect(flagged).toBe(true);
    const journalsBefore = (await t.app.db.query(`SELECT count(*)::int AS n FROM journals`))[0].n;

    await expect(creditAccount(t.app, account.id, '1.00')).rejects.toMatchObject({ statusCode: 409, message: 'This account is closed' });
    expect(await ledgerBalance(t.app, account.id)).toBe(0n);
    expect((await t.app.db.query(`SELECT count(*)::int AS n FROM journals`))[0].n).toBe(journalsBefore);
  });

  it('raises SRB06 from post_journal, the one-journal form used from SQL', async () => {
    const owner = await approvedCustomer(t.app);
    const account = await openAccount(t.app, owner.session, { product: 'checking', currency: 'USD' });
    expect((await closeRequest(t.app, owner.session, account.id)).statusCode).toBe(200);
    const [{ ledger }] = await t.app.db.query(`SELECT ledger_account_id::text AS ledger FROM accounts WHERE id = $1`, [account.id]);
    await t.app.db.query(`INSERT INTO ledger_accounts (code, kind, currency) VALUES ('equity:USD', 'internal', 'USD') ON CONFLICT (code) DO NOTHING`);
    const [{ equity }] = await t.app.db.query(`SELECT id::text AS equity FROM ledger_accounts WHERE code = 'equity:USD'`);
    await expect(
      t.app.db.query(`SELECT post_journal('adjustment', 'CLOSED-TEST', 'test', '{}'::jsonb, ARRAY[$1::bigint, $2::bigint], ARRAY[-100::bigint, 100::bigint], ARRAY['USD', 'USD'])`, [equity, ledger]),
    ).rejects.toMatchObject({ code: 'SRB06' });
  });

  it('refuses a same-bank payment from a primary account staff froze (403), and still lets the account receive', async () => {
    const sender = await approvedCustomer(t.app, { funded: '50.00' });
    const payee = await approvedCustomer(t.app, { funded: '10.00', staff: sender.staff });
    const [primary] = await t.app.db.query(`SELECT id FROM accounts WHERE customer_id = $1 AND is_primary`, [sender.id]);
    const frozen = await t.app.inject({ method: 'POST', url: `/v1/admin/accounts/${primary.id}/freeze`, headers: sender.staff.headers, payload: { reason: 'Suspicious activity under review' } });
    expect(frozen.statusCode).toBe(200);
    const pay = (from: typeof sender, to: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/transfer/same',
        headers: { ...from.session.headers, 'idempotency-key': randomUUID() },
        payload: { recipientAccountNumber: to, amount: '5.00', pin: from.transactionPin },
      });
    const refused = await pay(sender, payee.accountNumber);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: 'This account is frozen: money cannot leave it. Please contact us' });
    expect(await ledgerBalance(t.app, primary.id)).toBe(5000n);
    expect((await pay(payee, sender.accountNumber)).statusCode).toBe(201);
    expect(await ledgerBalance(t.app, primary.id)).toBe(5500n);
    await t.app.inject({ method: 'POST', url: `/v1/admin/accounts/${primary.id}/unfreeze`, headers: sender.staff.headers, payload: { reason: 'Cleared' } });
    expect((await pay(sender, payee.accountNumber)).statusCode).toBe(201);
  });
});
