import { minorToDecimal, type DashboardSummaryDto } from '@strongroom/shared';
import type { EntityManager } from 'typeorm';
import { resolveAccount } from '../accounts';
import { countActiveCards } from '../cards';
import { countCryptoHoldings } from '../crypto';
import { toTransactionDto } from '../transactions';
import { dayStartIn, isoDayIn, isoDayPlus } from '../../common/calendar-days';
import { countTransactionsUpTo, flowsByDay, latestTransactions, monthToDateFlows, type MonthToDateBounds } from './dashboard.queries';
import type { ReadReplica, ReplicaReader } from '../../db/read-replica';

/** Past this many transactions the dashboard says "1,000+" instead of counting a whole history on every visit. */
export const DASHBOARD_COUNT_CAP = 1_000;

/** Percentage change this month so far vs the same days of last month, one decimal; null when there is nothing to compare with. */
function changePct(current: bigint, previous: bigint): number | null {
  if (previous === 0n) return null;
  return Number(((current - previous) * 1000n) / previous) / 10;
}

/** Days in the dashboard's series of flows, today the last. */
const SERIES_DAYS = 30;

/**
 * This month so far where the customer is, and the same stretch of the previous month: from its first day for as
 * long as this month has run, never past its end (the 23rd of November compares with October 1-23, the 31st of
 * March with all of February).
 */
export function monthToDate(at: Date, timeZone: string): MonthToDateBounds {
  const firstDay = `${isoDayIn(at, timeZone).slice(0, 8)}01`;
  const previousFirstDay = `${isoDayPlus(firstDay, -1).slice(0, 8)}01`;
  const monthStart = dayStartIn(firstDay, timeZone);
  const previousStart = dayStartIn(previousFirstDay, timeZone);
  const previousEnd = new Date(Math.min(previousStart.getTime() + (at.getTime() - monthStart.getTime()), monthStart.getTime()));
  return { monthStart, previousStart, previousEnd, at };
}

/** Whose figures the dashboard shows: one account's the customer may view (its owner's rows on its ledger account). */
interface Figures {
  ownerId: string;
  currency: string;
  balanceMinor: bigint;
  ledgerAccountId: string;
  accountId: string;
}

/** The account the dashboard shows: the one named, or the primary account (every figure is that one account's). */
async function figuresOf(db: EntityManager, customerId: string, accountId: string | undefined): Promise<Figures> {
  const account = await resolveAccount(db, customerId, accountId, 'view');
  return { ownerId: account.customer_id, currency: account.currency, balanceMinor: BigInt(account.balance_minor), ledgerAccountId: account.ledger_account_id, accountId: account.id };
}

/**
 * The dashboard: balance, this month's flows against last month's, counts, the latest 3 and 30 days of flows, all
 * aggregated in SQL. Months and days are the customer's own, in `timeZone` (docs/decisions/0046). The figures are
 * one account's (docs/decisions/0062-accounts.md): the one named, else the primary account; crypto holdings are the
 * customer's own either way (they are on no account).
 */
export async function dashboardSummary(
  db: EntityManager,
  customerId: string,
  now: Date,
  timeZone: string,
  accountId?: string,
  chart?: { replica: ReadReplica; reader: ReplicaReader },
): Promise<DashboardSummaryDto> {
  const { ownerId, currency, balanceMinor, ledgerAccountId, accountId: cardsAccount } = await figuresOf(db, customerId, accountId);
  const today = isoDayIn(now, timeZone);
  const days = Array.from({ length: SERIES_DAYS }, (_, index) => isoDayPlus(today, index - (SERIES_DAYS - 1)));
  const dayStarts = [...days.map((day) => dayStartIn(day, timeZone)), dayStartIn(today, timeZone, { daysLater: 1 })];
  const [flows, recent, series, transactions, cards, cryptoAssets] = await Promise.all([
    monthToDateFlows(db, ownerId, currency, monthToDate(now, timeZone), ledgerAccountId),
    latestTransactions(db, ownerId, 3, ledgerAccountId),
    // The chart tolerates a moment's staleness: a replica that has the reader's own writes (db/read-replica.ts).
    chart ? chart.replica.read(chart.reader, (replica) => flowsByDay(replica, ownerId, currency, dayStarts, ledgerAccountId)) : flowsByDay(db, ownerId, currency, dayStarts, ledgerAccountId),
    countTransactionsUpTo(db, ownerId, DASHBOARD_COUNT_CAP, ledgerAccountId),
    countActiveCards(db, customerId, cardsAccount),
    countCryptoHoldings(db, customerId),
  ]);
  return {
    success: true,
    balance: minorToDecimal(balanceMinor, currency),
    currency,
    inflow: { amount: minorToDecimal(flows.inNowMinor, currency), changePct: changePct(flows.inNowMinor, flows.inPreviousMinor) },
    outflow: { amount: minorToDecimal(flows.outNowMinor, currency), changePct: changePct(flows.outNowMinor, flows.outPreviousMinor) },
    counts: { cards, cryptoAssets, transactions: transactions.count, transactionsCapped: transactions.capped },
    recent: recent.map(toTransactionDto),
    series: series.map((day, index) => ({ date: days[index], in: minorToDecimal(BigInt(day.in_minor), currency), out: minorToDecimal(BigInt(day.out_minor), currency) })),
  };
}
