import { sameBankPartiesOf } from '../../src/modules/transfers/transfers.queries';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every same-bank payment reads its recipient by account number (sameBankPartiesOf), with the number as text. While
 * the column was char(10), the comparison cast it, its unique index could not serve, and each payment read every
 * customer (migration 1760002200000).
 */
describe('the parties read of a same-bank payment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const partiesSql = `SELECT * FROM (SELECT $1::uuid AS sender, $2::text AS recipient) k CROSS JOIN LATERAL (${sameBankPartiesOf('k.sender', 'k.recipient')}) x`;

  /** The plan with sequential scans priced out, so that a scan is chosen only where no index can serve. */
  async function planOf(senderId: string, recipientAccountNumber: string): Promise<string> {
    const runner = t.app.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query('SET LOCAL enable_seqscan = off');
      const lines: { 'QUERY PLAN': string }[] = await runner.query(`EXPLAIN ${partiesSql}`, [senderId, recipientAccountNumber]);
      return lines.map((line) => line['QUERY PLAN']).join('\n');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }

  it('finds the recipient account through the unique index on its number, not by reading every account or customer', async () => {
    const sender = await approvedCustomer(t.app);
    const recipient = await approvedCustomer(t.app, { staff: sender.staff });
    const plan = await planOf(sender.id, recipient.accountNumber);
    expect(plan).toMatch(/Index Scan using accounts_account_number_uq on accounts ra/);
    expect(plan).toMatch(/Index Scan using customers_pkey on customers r/);
    // The sender's primary ledger account through the (customer, currency) index of primary accounts.
    expect(plan).toMatch(/Index Scan using ledger_accounts_customer_currency_uq on ledger_accounts sa/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('matches the account number exactly: trailing spaces or a longer number find no one', async () => {
    const sender = await approvedCustomer(t.app);
    const recipient = await approvedCustomer(t.app, { staff: sender.staff });
    const read = async (number: string) => (await t.app.db.query(partiesSql, [sender.id, number]))[0] as { r_id: string | null };
    expect((await read(recipient.accountNumber)).r_id).toBe(recipient.id);
    expect((await read(`${recipient.accountNumber} `)).r_id).toBeNull();
    expect((await read(`${recipient.accountNumber}0`)).r_id).toBeNull();
  });
});
