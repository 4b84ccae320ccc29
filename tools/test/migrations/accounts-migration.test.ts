import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { QueryRunner } from 'typeorm';
import { Accounts1760003300000, RECORDS_ON_AN_ACCOUNT } from '../../../server/src/db/migrations/1760003300000-accounts.migration';
import { Interest1760003600000 } from '../../../server/src/db/migrations/1760003600000-interest.migration';
import { AccountsByProduct1760003700000 } from '../../../server/src/db/migrations/1760003700000-accounts-by-product.migration';
import { seedDemo } from '../../../server/src/seed/seed';
import { approvedCustomer, createTestApp, type TestApp } from '../../../server/test/helpers/test-app';
import { deposit } from '../../../server/test/cheques/cheque-fixtures';
import { applyForLoan, approveLoan } from '../../../server/test/loans/loan-helpers';
import { applyForCard } from '../../../server/test/cards/card-helpers';
import { localTransfer } from '../../../server/test/helpers/transfer-payloads';
import { seedFundedCustomers } from '../../src/bench/harness';
import { seedHistory } from '../../src/bench/history';
import { seedPopulation } from '../../src/bench/population';

/** The bench's population by default; the history is a tenth of the bench's unless MIGRATION_TEST_HISTORY says. */
const POPULATION = Number(process.env.MIGRATION_TEST_POPULATION ?? 100_000);
const HISTORY = Number(process.env.MIGRATION_TEST_HISTORY ?? 100_000);

/**
 * What must not change when customers' accounts become account records: every balance, every posting, every
 * customer-visible row. Digests over whole tables, so a single changed cent or row shows.
 */
const SNAPSHOT_SQL = `
  SELECT (SELECT md5(string_agg(concat_ws(',', id, code, customer_id, kind, currency, balance_minor, outbound_day, outbound_minor), ';' ORDER BY id)) FROM ledger_accounts) AS ledger_accounts,
         (SELECT md5(string_agg(concat_ws(',', account_id, total, legs), ';' ORDER BY account_id))
            FROM (SELECT account_id, sum(amount_minor) AS total, count(*) AS legs FROM postings GROUP BY account_id) p) AS postings,
         (SELECT md5(string_agg(concat_ws(',', id, reference, customer_id, account_id, type, status, amount_minor, fee_minor, currency, balance_after_minor), ';' ORDER BY id)) FROM transactions) AS transactions,
         (SELECT count(*) FROM journals)::text AS journals,
         (SELECT count(*) FROM customers)::text AS customers`;

/** The ledger's own checks: every stored balance is the sum of its postings, every journal balances per currency. */
const LEDGER_CHECKS_SQL = `
  SELECT (SELECT count(*) FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_minor) AS s FROM postings GROUP BY account_id) p ON p.account_id = a.id
           WHERE a.balance_minor <> coalesce(p.s, 0))::int AS drifted,
         (SELECT count(*) FROM (SELECT journal_id, currency FROM postings GROUP BY journal_id, currency HAVING sum(amount_minor) <> 0) u)::int AS unbalanced,
         (SELECT count(*) FROM ledger_accounts WHERE kind = 'customer' AND balance_minor < 0)::int AS negative`;

describe('the accounts migration on a bank-sized database', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof approvedCustomer>>;
  /** A migration runs as the database's owner, in one transaction, as the server's migration run does. */
  const asOwner = async (work: (runner: QueryRunner) => Promise<void>) => {
    const owner = new Client({ connectionString: t.ownerUrl });
    await owner.connect();
    try {
      await owner.query('BEGIN');
      await work({ query: async (sql: string, params?: unknown[]) => (await owner.query(sql, params)).rows } as unknown as QueryRunner);
      await owner.query('COMMIT');
    } finally {
      await owner.end();
    }
  };
  const one = async <T>(sql: string, params: unknown[] = []) => ((await t.app.db.query(sql, params)) as T[])[0];

  beforeAll(async () => {
    t = await createTestApp();
    // The demo as it was before accounts: one account (no savings account beside it).
    await seedDemo(t.app.db, randomBytes(32), { savings: false });
    await seedPopulation(t.app.db, POPULATION);
    // Customers as they were before accounts: one account each.
    const funded = await seedFundedCustomers(t.app.db, randomBytes(32), 20, { firstAccountNumber: 6_200_000_000, secondAccount: false });
    await seedHistory(t.app.db, funded, HISTORY);
    // One customer with a record of each kind: a cheque, a loan, a card, a payment waiting for its code.
    owner = await approvedCustomer(t.app, { funded: '5000.00' });
    expect((await deposit(t.app, owner.session)).statusCode).toBe(201);
    const loan = await applyForLoan(t.app, owner.session);
    await approveLoan(t.app, owner.staff, loan.id);
    await applyForCard(t.app, owner.session);
    const pay = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: owner.session.headers, payload: localTransfer() });
    expect(pay.statusCode).toBeLessThan(300);
    // Back to the shape before accounts, data and all, so that the migration runs on it as it ran on a live bank.
    // The migrations after it that build on accounts go first, and come back after it (the test runs it between).
    await asOwner(async (runner) => {
      await new AccountsByProduct1760003700000().down(runner);
      await new Interest1760003600000().down(runner);
      await new Accounts1760003300000().down(runner);
    });
  }, 900_000);
  afterAll(() => t.close());

  it('keeps every balance, posting and transaction, and gives every customer their money account as their primary account', async () => {
    const before = await one<Record<string, string>>(SNAPSHOT_SQL);
    expect(Number(before.customers)).toBeGreaterThan(POPULATION);
    const started = Date.now();
    await asOwner(async (runner) => {
      await new Accounts1760003300000().up(runner);
      // As the server does at every start after its migrations (server/src/db/roles.ts).
      await runner.query(`GRANT SELECT, INSERT, UPDATE ON accounts, account_holders TO ${t.appRole}`);
    });
    const took = Date.now() - started;
    await asOwner(async (runner) => {
      await new Interest1760003600000().up(runner);
      await new AccountsByProduct1760003700000().up(runner);
      await runner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON deposit_products, term_deposits, interest_accruals, interest_books, end_of_day_runs, end_of_day_totals TO ${t.appRole}`);
      await runner.query(`GRANT SELECT, INSERT ON rate_changes, rate_tiers TO ${t.appRole}`);
    });
    process.stdout.write(`accounts migration over ${before.customers} customers and ${before.journals} journals: ${(took / 1000).toFixed(1)} s\n`);

    expect(await one(SNAPSHOT_SQL)).toEqual(before);
    expect(await one(LEDGER_CHECKS_SQL)).toEqual({ drifted: 0, unbalanced: 0, negative: 0 });
    const accounts = await one<{ customers: number; primaries: number; matching: number; secondary: number }>(`
      SELECT (SELECT count(*) FROM customers)::int AS customers,
             (SELECT count(*) FROM accounts WHERE is_primary)::int AS primaries,
             (SELECT count(*) FROM accounts a JOIN customers c ON c.id = a.customer_id JOIN ledger_accounts l ON l.id = a.ledger_account_id
               WHERE a.number = c.account_number AND a.currency = c.currency AND l.customer_id = c.id AND l.currency = c.currency AND a.status = 'active')::int AS matching,
             (SELECT count(*) FROM ledger_accounts WHERE secondary_account)::int AS secondary`);
    expect(accounts).toEqual({ customers: accounts.customers, primaries: accounts.customers, matching: accounts.customers, secondary: 0 });
  });

  it("puts every card, loan, cheque, standing order, payment and incoming payment on its customer's primary account", async () => {
    for (const table of RECORDS_ON_AN_ACCOUNT) {
      const placed = await one<{ total: number; on_primary: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE a.is_primary AND a.customer_id = r.customer_id)::int AS on_primary
           FROM ${table} r LEFT JOIN accounts a ON a.id = r.account_id`,
      );
      expect({ table, ...placed }).toEqual({ table, total: placed.total, on_primary: placed.total });
    }
    const mine = await one<{ kinds: number }>(
      `SELECT ((SELECT count(*) FROM cheques WHERE customer_id = $1) + (SELECT count(*) FROM loans WHERE customer_id = $1)
             + (SELECT count(*) FROM cards WHERE customer_id = $1) + (SELECT count(*) FROM transfers WHERE customer_id = $1))::int AS kinds`,
      [owner.id],
    );
    expect(mine.kinds).toBe(4);
  });

  it('leaves the bank working on the migrated data: the customer sees their account and pays from it', async () => {
    const summary = await t.app.inject({ method: 'GET', url: '/v1/dashboard/summary', headers: owner.session.headers });
    expect(summary.statusCode).toBe(200);
    const [payee] = await t.app.db.query(`SELECT number FROM accounts WHERE is_primary AND customer_id <> $1 ORDER BY number LIMIT 1`, [owner.id]);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/same',
      headers: { ...owner.session.headers, 'idempotency-key': randomBytes(8).toString('hex') },
      payload: { recipientAccountNumber: payee.number, amount: '12.34', pin: owner.transactionPin },
    });
    expect(paid.statusCode).toBe(201);
    expect(await one(LEDGER_CHECKS_SQL)).toEqual({ drifted: 0, unbalanced: 0, negative: 0 });
    const [primary] = await t.app.db.query(`SELECT number, product, name FROM accounts WHERE customer_id = $1`, [owner.id]);
    expect(primary).toEqual({ number: owner.accountNumber, product: 'checking', name: 'Current account' });
  });
});
