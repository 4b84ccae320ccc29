import { monthToDateFlows } from '../../src/modules/dashboard/dashboard.queries';
import { monthToDate } from '../../src/modules/dashboard/dashboard.service';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

describe('dashboard month-to-date flows', () => {
  let t: TestApp;
  let customerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const c = await approvedCustomer(t.app);
    customerId = c.id;
    const [account] = await t.app.db.query(`SELECT id FROM ledger_accounts WHERE customer_id = $1`, [c.id]);
    const rows: [string, 'credit' | 'debit', number, string][] = [
      ['MTDJAN20', 'credit', 70000, '2026-01-20T12:00:00Z'],
      ['MTDFEB05', 'credit', 10000, '2026-02-05T12:00:00Z'],
      ['MTDFEB06', 'debit', 2500, '2026-02-06T12:00:00Z'],
      ['MTDFEB20', 'credit', 40000, '2026-02-20T12:00:00Z'],
      ['MTDFEB21', 'debit', 9000, '2026-02-21T12:00:00Z'],
      // February 28 in UTC, already March 1 in Auckland (UTC+13).
      ['MTDLATE', 'credit', 500, '2026-02-28T15:00:00Z'],
      ['MTDMAR03', 'credit', 12000, '2026-03-03T12:00:00Z'],
      ['MTDMAR04', 'debit', 3000, '2026-03-04T12:00:00Z'],
    ];
    for (const [reference, type, amountMinor, at] of rows) {
      await t.app.db.query(
        `INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, currency, channel, created_at)
         VALUES ($1, $2, $3, $4, 'incoming', 'success', $1, 'Test', $5, 'USD', 'Branch', $6)`,
        [reference, c.id, account.id, type, amountMinor, at],
      );
    }
  });
  afterAll(() => t.close());

  it('compares the 10th of March with February 1-10, not with all of February', async () => {
    const flows = await monthToDateFlows(t.app.db.manager, customerId, 'USD', monthToDate(new Date('2026-03-10T12:00:00Z'), 'UTC'));
    expect(flows).toEqual({ inNowMinor: 12000n, outNowMinor: 3000n, inPreviousMinor: 10000n, outPreviousMinor: 2500n });
  });

  it('compares the last day of a month with the whole of a shorter previous month, and no further', async () => {
    const flows = await monthToDateFlows(t.app.db.manager, customerId, 'USD', monthToDate(new Date('2026-03-31T12:00:00Z'), 'UTC'));
    expect(flows).toEqual({ inNowMinor: 12000n, outNowMinor: 3000n, inPreviousMinor: 50500n, outPreviousMinor: 11500n });
  });

  it("reads the month where the customer is: a credit late on February 28 in UTC is March's in Auckland", async () => {
    const at = new Date('2026-02-28T20:00:00Z');
    const inUtc = await monthToDateFlows(t.app.db.manager, customerId, 'USD', monthToDate(at, 'UTC'));
    // February 1-28 so far, against January 1 to the same hour of the 28th.
    expect(inUtc).toEqual({ inNowMinor: 50500n, outNowMinor: 11500n, inPreviousMinor: 70000n, outPreviousMinor: 0n });
    // 09:00 on March 1 in Auckland: this month holds only the late credit, and the first nine hours of February nothing.
    const inAuckland = await monthToDateFlows(t.app.db.manager, customerId, 'USD', monthToDate(at, 'Pacific/Auckland'));
    expect(inAuckland).toEqual({ inNowMinor: 500n, outNowMinor: 0n, inPreviousMinor: 0n, outPreviousMinor: 0n });
  });
});
