import { Client } from 'pg';
import { NEWEST_FIRST } from '../../src/modules/transactions/list-statements.queries';
import { staffTransactionListStatement, transactionListStatement, type ListQuery } from '../../src/modules/transactions/transactions.service';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

const ROWS_EACH = 5_000;

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every index the plan reads, by name. */
function indexesRead(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesRead)];
}

interface Statement {
  text: string;
  params: unknown[];
}

/**
 * Which index walks whose rows newest first (docs/performance.md#staff-list-at-scale). The staff list's index of every customer's rows
 * must never serve a customer's list: on the bench's database, given such an index without a condition, the planner
 * walked it for a search of a customer who owns a tenth of the table, reading past everyone's newer rows first.
 */
describe('the indexes the transaction lists walk', () => {
  let t: TestApp;
  let older: string;
  beforeAll(async () => {
    t = await createTestApp();
    // Two customers' rows a month back, a third's all newer: the day's payments above a long-standing account's.
    const book = async (prefix: string, age: string) => {
      const customer = await approvedCustomer(t.app, { funded: '10.00' });
      const [account] = await t.app.db.query(`SELECT id FROM ledger_accounts WHERE customer_id = $1`, [customer.id]);
      await t.app.db.query(
        `INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, currency, recipient, channel, created_at)
         SELECT $3 || g, $1, $2, 'credit', 'incoming', 'success', 'Payment ' || g, 'Deposit', 100, 'USD', 'Sender ' || (g % 97), 'Branch', now() - $4::interval - make_interval(secs => g)
           FROM generate_series(1, ${ROWS_EACH}) g`,
        [customer.id, account.id, prefix, age],
      );
      return customer.id;
    };
    older = await book('OLDER', '30 days');
    await book('OTHER', '30 days');
    await book('NEWER', '0 days');
    await t.ownerQuery('VACUUM (ANALYZE) transactions');
  });
  afterAll(() => t.close());

  async function indexesOf(statement: Statement) {
    const [row] = await t.app.db.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.params);
    return indexesRead(row['QUERY PLAN'][0].Plan as PlanNode);
  }

  /** The plan as it would be with the customers' own index gone (dropped in a transaction rolled back). */
  async function indexesWithoutCustomerIndex(statement: Statement) {
    const owner = new Client({ connectionString: t.config.databaseUrl });
    await owner.connect();
    try {
      await owner.query('BEGIN');
      await owner.query('DROP INDEX transactions_customer_created_idx');
      const { rows } = await owner.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.params);
      return indexesRead(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
    } finally {
      await owner.query('ROLLBACK');
      await owner.end();
    }
  }

  const customerQuery = (q?: string): ListQuery => ({ page: 1, pageSize: 20, type: 'all', status: 'all', q });
  const customerStatements: [string, string | undefined][] = [
    ['the first page', undefined],
    ['a search over the count cap', 'payment'],
    ['a search of a few', 'sender 42'],
  ];

  it.each(customerStatements)("walks a customer's own index for %s", async (_name, q) => {
    const used = await indexesOf(transactionListStatement(older, customerQuery(q)));
    expect(used).toContain('transactions_customer_created_idx');
    expect(used).not.toContain('transactions_created_idx');
  });

  // Without their own index, the only ordered walk left is every customer's: a customer's statement must not take it
  // even then. This is what fails when that index has no condition.
  it.each(customerStatements)("cannot walk every customer's index for %s, even without its own", async (_name, q) => {
    expect(await indexesWithoutCustomerIndex(transactionListStatement(older, customerQuery(q)))).not.toContain('transactions_created_idx');
  });

  it("walks every customer's rows newest first for the staff list, and one customer's through their own index", async () => {
    expect(await indexesOf(staffTransactionListStatement({ order: NEWEST_FIRST, offset: 0, limit: 25 }))).toContain('transactions_created_idx');
    const one = await indexesOf(staffTransactionListStatement({ customerId: older, order: NEWEST_FIRST, offset: 0, limit: 25 }));
    expect(one).toContain('transactions_customer_created_idx');
    expect(one).not.toContain('transactions_created_idx');
  });
});
