import { minorToDecimal, type DashboardSummaryDto } from '@strongroom/shared';
import type { EntityManager } from 'typeorm';
import { getMainAccount } from '../ledger/ledger.service';
import { countActiveCards } from '../cards/cards.queries';
import { countCryptoHoldings } from '../crypto/crypto.queries';
import { toTransactionDto } from '../transactions/transactions.service';
import { countTransactionsUpTo, lastThirtyDays, latestTransactions, monthToDateFlows } from './dashboard.queries';

/** Past this many transactions the dashboard says "1,000+" instead of counting a whole history on every visit. */
export const DASHBOARD_COUNT_CAP = 1_000;

/** Percentage change this month so far vs the same days of last month, one decimal; null when there is nothing to compare with. */
function changePct(current: bigint, previous: bigint): number | null {
  if (previous === 0n) return null;
  return Number(((current - previous) * 1000n) / previous) / 10;
}

/** The dashboard: balance, this month's flows against last month's, counts, the latest 3 and 30 days of flows, all aggregated in SQL. */
export async function dashboardSummary(db: EntityManager, customerId: string, now: Date): Promise<DashboardSummaryDto> {
  const account = await getMainAccount(db, customerId);
  const currency = account?.currency ?? 'USD';
  const [flows, recent, series, transactions, cards, cryptoAssets] = await Promise.all([
    monthToDateFlows(db, customerId, currency, now),
    latestTransactions(db, customerId, 3),
    lastThirtyDays(db, customerId, currency),
    countTransactionsUpTo(db, customerId, DASHBOARD_COUNT_CAP),
    countActiveCards(db, customerId),
    countCryptoHoldings(db, customerId),
  ]);
  return {
    success: true,
    balance: minorToDecimal(account?.balanceMinor ?? 0n, currency),
    currency,
    inflow: { amount: minorToDecimal(flows.inNowMinor, currency), changePct: changePct(flows.inNowMinor, flows.inPreviousMinor) },
    outflow: { amount: minorToDecimal(flows.outNowMinor, currency), changePct: changePct(flows.outNowMinor, flows.outPreviousMinor) },
    counts: { cards, cryptoAssets, transactions: transactions.count, transactionsCapped: transactions.capped },
    recent: recent.map(toTransactionDto),
    series: series.map((day) => ({ date: day.day, in: minorToDecimal(BigInt(day.in_minor), currency), out: minorToDecimal(BigInt(day.out_minor), currency) })),
  };
}
