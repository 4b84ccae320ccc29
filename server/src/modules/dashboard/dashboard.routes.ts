import type { FastifyInstance } from 'fastify';
import { INTERNATIONAL_FEE, INTERNATIONAL_MIN_AMOUNT, LOCAL_FEE, SAME_BANK_FEE, minorToDecimal } from '@strongroom/shared';
import { rows } from '../../common/sql';
import { getMainAccount } from '../ledger/ledger.service';
import { monthToDateFlows } from './dashboard.queries';
import { toTransactionDto, type TransactionRow } from '../transactions/transactions.service';
import { countActiveCards } from '../cards/cards.queries';
import { countCryptoHoldings } from '../crypto/crypto.queries';

/** Percentage change this month so far vs the same days of last month, one decimal; null when there is nothing to compare with. */
function changePct(current: bigint, previous: bigint): number | null {
  if (previous === 0n) return null;
  return Number(((current - previous) * 1000n) / previous) / 10;
}

export default async function dashboardRoutes(app: FastifyInstance) {
  app.get(
    '/dashboard/summary',
    { preHandler: app.requireCustomer, schema: { tags: ['dashboard'], summary: 'Balance, flows, counts, latest 3 and a 30-day series, computed from the ledger' } },
    async (request) => {
      const id = request.customer!.id;
      const m = app.db.manager;
      // The balance only: the dashboard shows no withdrawal count.
      const summary = await getMainAccount(m, id);
      const currency = summary?.currency ?? 'USD';
      // Aggregates in SQL over indexed rows; the browser never loads the whole history.
      const [flows, recent, series, [{ count }], cards, cryptoAssets] = await Promise.all([
        monthToDateFlows(m, id, currency, new Date()),
        rows<TransactionRow>(m, `SELECT * FROM transactions WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT 3`, [id]),
        rows<{ day: string; in_minor: string; out_minor: string }>(
          m,
          `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
                coalesce(sum(t.amount_minor) FILTER (WHERE t.type = 'credit'), 0)::text AS in_minor,
                coalesce(sum(t.amount_minor + t.fee_minor) FILTER (WHERE t.type = 'debit'), 0)::text AS out_minor
           FROM generate_series(date_trunc('day', now()) - interval '29 days', date_trunc('day', now()), interval '1 day') AS d(day)
           LEFT JOIN transactions t ON t.customer_id = $1 AND t.currency = $2 AND t.status IN ('success','pending')
                AND t.created_at >= d.day AND t.created_at < d.day + interval '1 day'
          GROUP BY d.day ORDER BY d.day`,
          [id, currency],
        ),
        rows<{ count: string }>(m, `SELECT count(*) FROM transactions WHERE customer_id = $1`, [id]),
        countActiveCards(m, id),
        countCryptoHoldings(m, id),
      ]);
      return {
        success: true,
        balance: minorToDecimal(summary?.balanceMinor ?? 0n, currency),
        currency,
        inflow: { amount: minorToDecimal(flows.inNowMinor, currency), changePct: changePct(flows.inNowMinor, flows.inPreviousMinor) },
        outflow: { amount: minorToDecimal(flows.outNowMinor, currency), changePct: changePct(flows.outNowMinor, flows.outPreviousMinor) },
        counts: { cards, cryptoAssets, transactions: Number(count) },
        recent: recent.map(toTransactionDto),
        series: series.map((s) => ({ date: s.day, in: minorToDecimal(BigInt(s.in_minor), currency), out: minorToDecimal(BigInt(s.out_minor), currency) })),
      };
    },
  );

  app.get('/fees', { schema: { tags: ['fees'], summary: 'The fee schedule (docs/decisions/0004)' } }, async () => ({
    success: true,
    schedule: [
      { id: 'same', name: 'Transfer to a Strongroom account', fee: SAME_BANK_FEE, description: 'Free and instant, any time.' },
      { id: 'local', name: 'Local bank transfer', fee: LOCAL_FEE, description: 'Flat fee in your account currency. Same day during business hours.' },
      {
        id: 'international',
        name: 'International transfer',
        fee: INTERNATIONAL_FEE.min,
        percent: INTERNATIONAL_FEE.basisPoints / 100,
        minimumAmount: INTERNATIONAL_MIN_AMOUNT,
        description: `The higher of the flat fee or ${INTERNATIONAL_FEE.basisPoints / 100}% of the amount. Processing takes 1-3 business days.`,
      },
      { id: 'fx', name: 'Currency conversion', fee: '0.00', description: 'Converted at the rate shown before you confirm; no hidden mark-up.' },
    ],
  }));
}
