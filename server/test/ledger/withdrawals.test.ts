import { ACCOUNT_SUMMARIES_SQL } from '../../src/modules/ledger/ledger.service';
import { HAS_WITHDRAWN_SQL } from '../../src/modules/transfers/transfers.queries';
import { approvedCustomer, createTestApp, staffSession, type TestApp } from '../helpers/test-app';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

/** Every node of the plan that reads `transactions`. */
function transactionReads(node: PlanNode): PlanNode[] {
  const own = node['Relation Name'] === 'transactions' ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap(transactionReads)];
}

const WITHDRAWALS = 2_000;

/**
 * A customer's withdrawals (successful outbound transfers) are counted from their own index, never from the table
 * (docs/performance.md#withdrawals-index): `numberOfWithdrawals` is in every sign-in, `/auth/check` and row of the staff customer list.
 */
describe("a customer's withdrawals", () => {
  let t: TestApp;
  let sender: Awaited<ReturnType<typeof approvedCustomer>>;
  let receiver: Awaited<ReturnType<typeof approvedCustomer>>;

  /** Rows for `customer`, `each` of each kind given, numbered from 1 and a minute apart going back. */
  async function book(customer: { id: string }, each: number, kinds: [suffix: string, type: string, kind: string, status: string][]) {
    const [account] = await t.app.db.query(`SELECT id FROM ledger_accounts WHERE customer_id = $1`, [customer.id]);
    await t.app.db.query(
      `INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, currency, recipient, channel, created_at)
       SELECT $3 || (r->>0) || g, $1, $2, r->>1, r->>2, r->>3, 'Row ' || g, 'Transfer', 100, 'USD', 'Someone', 'Online banking', now() - make_interval(mins => g)
         FROM generate_series(1, $4::int) g, jsonb_array_elements($5::jsonb) r`,
      [customer.id, account.id, customer.id.slice(0, 8), each, JSON.stringify(kinds)],
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    sender = await approvedCustomer(t.app, { funded: '10.00' });
    receiver = await approvedCustomer(t.app, { funded: '10.00' });
    const bystander = await approvedCustomer(t.app, { funded: '10.00' });
    // The sender's withdrawals, of all three kinds, among rows that are not: a credit, a pending or failed transfer
    // and a card payment.
    await book(sender, WITHDRAWALS, [
      ['S', 'debit', 'transfer_same', 'success'],
      ['L', 'debit', 'transfer_local', 'success'],
      ['I', 'debit', 'transfer_international', 'success'],
    ]);
    await book(sender, 100, [
      ['C', 'credit', 'transfer_same', 'success'],
      ['P', 'debit', 'transfer_local', 'pending'],
      ['F', 'debit', 'transfer_international', 'failed'],
      ['K', 'debit', 'card_payment', 'success'],
    ]);
    // A long history with no withdrawal in it: a first-time sender all the same.
    await book(receiver, 5_000, [['C', 'credit', 'transfer_same', 'success']]);
    // Everyone else's rows, which the bank's table is mostly made of.
    await book(bystander, 60_000, [['C', 'credit', 'incoming', 'success']]);
    await t.ownerQuery('VACUUM (ANALYZE) transactions');
  });
  afterAll(() => t.close());

  it('counts only successful outbound transfers in the User shape', async () => {
    const check = async (session: { cookie: string }) => (await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: session.cookie } })).json().user;
    expect((await check(sender.session)).numberOfWithdrawals).toBe(3 * WITHDRAWALS);
    expect((await check(receiver.session)).numberOfWithdrawals).toBe(0);
  });

  it("counts each customer's on a page of the staff console's customer list, in one statement", async () => {
    const staff = await staffSession(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/v1/admin/customers?filter=${encodeURIComponent(JSON.stringify({ id: [sender.id, receiver.id] }))}`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    const counts = Object.fromEntries((res.json() as { id: string; numberOfWithdrawals: number }[]).map((user) => [user.id, user.numberOfWithdrawals]));
    expect(counts).toEqual({ [sender.id]: 3 * WITHDRAWALS, [receiver.id]: 0 });
  });

  async function transactionReadsOf(sql: string, params: unknown[]) {
    const [row] = await t.app.db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
    return transactionReads(row['QUERY PLAN'][0].Plan as PlanNode).map((node) => [node['Node Type'], node['Index Name'], node['Heap Fetches']]);
  }

  it.each([
    ["counts a sender's withdrawals", ACCOUNT_SUMMARIES_SQL, () => [[sender.id]]],
    ["counts a receiver's none", ACCOUNT_SUMMARIES_SQL, () => [[receiver.id]]],
    ['finds that a receiver has none', HAS_WITHDRAWN_SQL, () => [receiver.id]],
  ])('%s from the withdrawals index alone', async (_name, sql, paramsOf) => {
    expect(await transactionReadsOf(sql, paramsOf())).toEqual([['Index Only Scan', 'transactions_withdrawals_idx', 0]]);
  });
});
