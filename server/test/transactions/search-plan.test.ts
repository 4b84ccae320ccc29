import { SEARCH_WALK_ROWS } from '../../src/modules/transactions/list-statements.queries';
import { COUNT_LOOKAHEAD, transactionListStatement, type ListQuery } from '../../src/modules/transactions/transactions.service';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

const HISTORY_ROWS = 20_000;
/** The oldest rows' recipient also says 'Landlord': more than the count looks ahead, and none of them recent. */
const LANDLORD_ROWS = 1_500;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows each scan of `transactions` read in the plan, kept or thrown away by its filter, over all its loops. */
function transactionRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'transactions' ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + transactionRowsRead(child), 0);
}

/**
 * A search of a customer who owns the whole table (docs/performance.md#search-pages): the planner guessed that a word matched a few
 * per cent of the rows and walked the history newest first for the page, reading every row when nothing matched.
 */
describe('the transaction search on a long history', () => {
  let t: TestApp;
  let customerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const customer = await approvedCustomer(t.app, { funded: '10.00' });
    customerId = customer.id;
    const [account] = await t.app.db.query(`SELECT id FROM ledger_accounts WHERE customer_id = $1`, [customer.id]);
    // Every row's words are 'payment <n>' and 'sender <n % 97>', and the oldest rows' also 'landlord'; the newest row
    // is SEARCHPLAN1.
    await t.app.db.query(
      `INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, currency, recipient, channel, created_at)
       SELECT 'SEARCHPLAN' || g, $1, $2, 'credit', 'incoming', 'success', 'Payment ' || g, 'Deposit', 100, 'USD',
              'Sender ' || (g % 97) || CASE WHEN g > ${HISTORY_ROWS - LANDLORD_ROWS} THEN ' Landlord' ELSE '' END, 'Branch', now() - make_interval(mins => g)
         FROM generate_series(1, ${HISTORY_ROWS}) g`,
      [customer.id, account.id],
    );
    await t.ownerQuery('VACUUM (ANALYZE) transactions'); // as autovacuum would: the server's role does not own the table
  });
  afterAll(() => t.close());

  const query = (q: string): ListQuery => ({ page: 1, pageSize: 20, type: 'all', status: 'all', q });

  async function analyzed(q: string, pageNumber = 1): Promise<PlanNode> {
    const { text, params } = transactionListStatement(customerId, { ...query(q), page: pageNumber });
    const [row] = await t.app.db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
    return row['QUERY PLAN'][0].Plan as PlanNode;
  }

  it('reads no history row for a search that matches nothing', async () => {
    expect(transactionRowsRead(await analyzed('nomatch'))).toBe(0);
  });

  // What a search of 'sender 42' matches: every row has the word 'sender', and a word starting '42' is the payment's
  // number (42, 420-429, 4200-4299, ...) or the sender's (g % 97 = 42). Newest first is smallest g first.
  const senderFortyTwo = Array.from({ length: HISTORY_ROWS }, (_, n) => n + 1).filter((g) => String(g).startsWith('42') || g % 97 === 42);

  it('reads only the matches for a search that matches fewer than the count looks ahead', async () => {
    expect(senderFortyTwo.length).toBeLessThan(COUNT_LOOKAHEAD);
    expect(transactionRowsRead(await analyzed('sender 42'))).toBeLessThanOrEqual(2 * senderFortyTwo.length);
  });

  async function page(q: string, pageNumber = 1) {
    const { text, params } = transactionListStatement(customerId, { ...query(q), page: pageNumber });
    const found: { reference: string; total_count: string }[] = await t.app.db.query(text, params);
    return { references: found.filter((row) => row.reference !== null).map((row) => row.reference), count: Number(found[0].total_count) };
  }

  it('answers the newest page and the count through either branch', async () => {
    expect(await page('sender 42')).toEqual({ references: senderFortyTwo.slice(0, 20).map((g) => `SEARCHPLAN${g}`), count: senderFortyTwo.length });
    // 'payment' matches every row: more than the count looks ahead, so the page is found by the walk newest first.
    expect(await page('payment')).toEqual({ references: Array.from({ length: 20 }, (_, n) => `SEARCHPLAN${n + 1}`), count: COUNT_LOOKAHEAD + 1 });
    expect(await page('nomatch')).toEqual({ references: [], count: 0 });
  });

  // Over the cap, the page is looked for among the newest SEARCH_WALK_ROWS rows first (docs/performance.md#search-pages).
  const landlordRows = Array.from({ length: LANDLORD_ROWS }, (_, n) => HISTORY_ROWS - LANDLORD_ROWS + 1 + n);

  it('finds the page of a common search in the newest rows, reading few beyond the counted matches', async () => {
    expect(transactionRowsRead(await analyzed('payment'))).toBeLessThanOrEqual(COUNT_LOOKAHEAD + 1 + 2 * 20);
    expect(await page('payment', 3)).toEqual({ references: Array.from({ length: 20 }, (_, n) => `SEARCHPLAN${n + 41}`), count: COUNT_LOOKAHEAD + 41 });
  });

  it('sorts all the matches of a search over the cap whose matches are all old, not walking the whole history', async () => {
    expect(landlordRows.length).toBeGreaterThan(COUNT_LOOKAHEAD);
    expect(HISTORY_ROWS - LANDLORD_ROWS).toBeGreaterThan(SEARCH_WALK_ROWS);
    // The walk alone would read every row newer than the first landlord's, 18,500 of them.
    expect(transactionRowsRead(await analyzed('landlord'))).toBeLessThanOrEqual(SEARCH_WALK_ROWS + COUNT_LOOKAHEAD + 1 + 2 * LANDLORD_ROWS);
    expect(await page('landlord')).toEqual({ references: landlordRows.slice(0, 20).map((g) => `SEARCHPLAN${g}`), count: COUNT_LOOKAHEAD + 1 });
    expect(await page('landlord', 2)).toEqual({ references: landlordRows.slice(20, 40).map((g) => `SEARCHPLAN${g}`), count: COUNT_LOOKAHEAD + 21 });
  });
});
