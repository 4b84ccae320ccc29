import { randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from '../../../server/test/helpers/test-app';
import { seedFundedCustomers, type SeededCustomer } from '../../src/bench/harness';
import { seedHistory } from '../../src/bench/history';

/** The bench's history goes through the real ledger: it must leave the books as a real booking would. */
describe('bench: history booked before the measured runs', () => {
  let t: TestApp;
  let customers: SeededCustomer[];
  beforeAll(async () => {
    t = await createTestApp();
    customers = await seedFundedCustomers(t.app.db, randomBytes(32), 4, { firstAccountNumber: 6_100_000_000 });
    // 700 transfers in chunks of 300: two whole chunks and a part.
    await seedHistory(t.app.db, customers, 700, 300);
  });
  afterAll(() => t.close());

  const one = async <T>(sql: string, params: unknown[] = []) => ((await t.app.db.query(sql, params)) as T[])[0];

  it('books every transfer as a balanced journal of two postings, and the balances follow the postings', async () => {
    const journals = await one<{ count: string; unbalanced: string; legs: string }>(
      `SELECT count(*) AS count, count(*) FILTER (WHERE s.total <> 0) AS unbalanced, count(*) FILTER (WHERE s.legs <> 2) AS legs
         FROM journals j JOIN (SELECT journal_id, sum(amount_minor) AS total, count(*) AS legs FROM postings GROUP BY journal_id) s ON s.journal_id = j.id
        WHERE j.reference LIKE 'HS%'`,
    );
    expect(journals).toEqual({ count: '700', unbalanced: '0', legs: '0' });
    const drift = await one<{ count: string }>(
      `SELECT count(*) AS count FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_minor) s FROM postings GROUP BY account_id) p ON p.account_id = a.id
        WHERE a.balance_minor <> coalesce(p.s, 0)`,
    );
    expect(drift.count).toBe('0');
    expect((await one<{ total: string }>(`SELECT sum(balance_minor)::text AS total FROM ledger_accounts`)).total).toBe('0');
  });

  it("writes each transfer's two customer rows on their owners' accounts, never to oneself, with the sender's key", async () => {
    const rowsOf = await one<{ debits: string; credits: string; own: string; self: string }>(
      `SELECT count(*) FILTER (WHERE d.type = 'debit') AS debits, count(*) FILTER (WHERE d.type = 'credit') AS credits,
              count(*) FILTER (WHERE a.customer_id = d.customer_id) AS own,
              count(*) FILTER (WHERE d.type = 'debit' AND EXISTS (SELECT 1 FROM transactions c WHERE c.reference = d.reference || 'C' AND c.customer_id = d.customer_id)) AS self
         FROM transactions d JOIN ledger_accounts a ON a.id = d.account_id WHERE d.reference LIKE 'HS%'`,
    );
    expect(rowsOf).toEqual({ debits: '700', credits: '700', own: '1400', self: '0' });
    const keys = await one<{ count: string; distinct_refs: string }>(`SELECT count(*) AS count, count(DISTINCT response_ref) AS distinct_refs FROM idempotency_keys WHERE response_ref LIKE 'HS%'`);
    expect(keys).toEqual({ count: '700', distinct_refs: '700' });
  });

  it('dates the history one transfer a minute, up to now', async () => {
    const span = await one<{ newest_s: number; oldest_min: number }>(
      `SELECT extract(epoch FROM now() - max(created_at))::float AS newest_s, round(extract(epoch FROM now() - min(created_at)) / 60)::int AS oldest_min
         FROM transactions WHERE reference LIKE 'HS%'`,
    );
    expect(span.newest_s).toBeGreaterThanOrEqual(0);
    expect(span.newest_s).toBeLessThan(600);
    expect(span.oldest_min).toBeGreaterThanOrEqual(699);
    expect(span.oldest_min).toBeLessThan(710);
  });
});
