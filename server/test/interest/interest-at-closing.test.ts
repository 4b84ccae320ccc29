// An account that closes is paid its accrued interest first (docs/decisions/0063-interest.md): the whole cents
// accrued to the last business date run, from the bank's interest payable, in a credit the customer sees, before
// the balance is moved; the fraction of a cent leaves the books, and the ledger's payable with it.
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerConsistent } from '../loans/loan-helpers';
import { closeRequest, creditAccount, ledgerBalance, openAccount, primaryOf } from '../accounts/account-fixtures';
import { runDays, setRates } from './interest-fixtures';

describe('interest at closing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('pays the interest accrued to the last date run into the account, then moves the balance with it', async () => {
    await setRates(t.app, 'savings', '2032-03-01', [[0, '3.65']]);
    const c = await approvedCustomer(t.app);
    const primary = await primaryOf(t.app, c.id);
    const savings = await openAccount(t.app, c.session, { product: 'savings', currency: 'USD', name: 'Pot' });
    await creditAccount(t.app, savings.id, '10000.01');
    // 10,000.01 at 3.65% actual/365 earns 100.0001 cents a day: 1000.001 cents in ten days.
    await runDays(t.app, '2032-03-01', '2032-03-10');
    const [accrual] = await t.app.db.query(`SELECT accrued_minor::text AS accrued FROM interest_accruals WHERE account_id = $1`, [savings.id]);
    expect(accrual.accrued).toBe('1000.0010000000');
    const [payableBefore] = await t.app.db.query(`SELECT balance_minor::text AS b FROM ledger_accounts WHERE code = 'interest_payable:USD'`);
    const primaryBefore = await ledgerBalance(t.app, primary.id);

    const res = await closeRequest(t.app, c.session, savings.id, { sweepToAccountId: primary.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account: { id: savings.id, status: 'closed', balance: '0.00' } });
    // The whole 10.00 went into the account, and left with the balance.
    expect(await ledgerBalance(t.app, primary.id)).toBe(primaryBefore + 1_000_001n + 1000n);
    const history = await t.app.db.query(
      `SELECT t.type, t.kind, t.amount_minor::text AS amount, t.description, t.category FROM transactions t JOIN accounts a ON a.ledger_account_id = t.account_id
        WHERE a.id = $1 ORDER BY t.created_at, t.id`,
      [savings.id],
    );
    expect(history.map((row: { kind: string; amount: string; type: string }) => [row.type, row.kind, row.amount])).toEqual([
      ['credit', expect.any(String), '1000001'],
      ['credit', 'interest', '1000'],
      ['debit', 'own_transfer', '1001001'],
    ]);
    expect(history[1]).toMatchObject({ description: 'Interest to 10 March 2032 on closing', category: 'Interest' });

    // The accrual is gone; the 0.001 of a cent left the books, so the payable holds nothing for the account.
    expect(await t.app.db.query(`SELECT 1 FROM interest_accruals WHERE account_id = $1`, [savings.id])).toEqual([]);
    const [books] = await t.app.db.query(`SELECT accrued_minor::text AS accrued, booked_minor::text AS booked FROM interest_books WHERE currency = 'USD'`);
    expect(books).toEqual({ accrued: '1000.0000000000', booked: '1000' });
    const [payable] = await t.app.db.query(`SELECT balance_minor::text AS b FROM ledger_accounts WHERE code = 'interest_payable:USD'`);
    expect(BigInt(payable.b)).toBe(BigInt(payableBefore.b as string) - 1000n);
    expect(payable.b).toBe('0');
    await expectLedgerConsistent(t.app);
  });

  it('pays nothing, and writes no row, for an account with less than a cent accrued', async () => {
    const c = await approvedCustomer(t.app);
    const primary = await primaryOf(t.app, c.id);
    const savings = await openAccount(t.app, c.session, { product: 'savings', currency: 'USD' });
    await creditAccount(t.app, savings.id, '0.01');
    await runDays(t.app, '2032-03-11', '2032-03-12');
    const res = await closeRequest(t.app, c.session, savings.id, { sweepToAccountId: primary.id });
    expect(res.statusCode).toBe(200);
    const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM transactions t JOIN accounts a ON a.ledger_account_id = t.account_id WHERE a.id = $1 AND t.kind = 'interest'`, [savings.id]);
    expect(n).toBe(0);
    expect(await t.app.db.query(`SELECT 1 FROM interest_accruals WHERE account_id = $1`, [savings.id])).toEqual([]);
    await expectLedgerConsistent(t.app);
  });
});
