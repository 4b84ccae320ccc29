import type { FastifyInstance } from 'fastify';

/**
 * `count` customer-visible credits written straight into the customer's transactions (no journal: for lists and
 * counts, not balances), `<prefix>1` the newest, each `apart` (an SQL interval) older than the one before; the
 * amounts are 1.01, 1.02, ... USD.
 */
export async function insertCredits(app: FastifyInstance, customerId: string, { prefix, count, apart }: { prefix: string; count: number; apart: '1 minute' | '1 millisecond' }) {
  const [account] = await app.db.query(`SELECT id FROM ledger_accounts WHERE customer_id = $1`, [customerId]);
  await app.db.query(
    `INSERT INTO transactions (reference, customer_id, account_id, type, kind, status, description, category, amount_minor, currency, channel, created_at)
     SELECT $3 || g, $1, $2, 'credit', 'incoming', 'success', 'Payment ' || g, 'Deposit', 100 + g, 'USD', 'Branch', now() - g * $5::interval
       FROM generate_series(1, $4::int) g`,
    [customerId, account.id, prefix, count, apart],
  );
}
