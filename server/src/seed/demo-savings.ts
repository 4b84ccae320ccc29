import type { DataSource, EntityManager } from 'typeorm';
import { parseAmountToMinor } from '@strongroom/shared';
import { addDays, businessDateOf } from '../common/business-date';
import { withTransaction } from '../db/transaction';
import { openFurtherAccount } from '../modules/accounts';
import { internalAccountId, newReference, postJournal } from '../modules/ledger';
import { runBusinessDate } from '../modules/interest';
import { backDateInterestRows, demoSavingsAccount, endOfDayRanSince, instantInZone, setOpenedAt, type DemoSavingsRow } from './seed.queries';

/**
 * The demo customer's savings account: opened months ago with a deposit, topped up across the 10,000.00 tier later,
 * and every business date since run by the end of day exactly as production runs it (docs/decisions/0063-interest.md),
 * so its interest accrued and paid follows the rules to the cent.
 */
export const DEMO_SAVINGS = {
  name: 'Rainy day savings',
  /**
   * Opened on the 12th, three months before this one; the top-up on the 3rd of the month before. Every business date
   * since is run at start (about 50 ms each), so the history is kept to three months.
   */
  opened: { monthsBack: 3, day: 12, amount: '6500.00', from: 'First Harbor Bank' },
  topUp: { monthsBack: 1, day: 3, amount: '5000.00', from: 'Northwind Traders bonus' },
};

/** The ISO date of `day` in the month `monthsBack` months before the one `isoDate` is in. */
export function dayMonthsBack(isoDate: string, monthsBack: number, day: number): string {
  const [year, month] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 - monthsBack, day)).toISOString().slice(0, 10);
}

/**
 * Money paid in from another bank on `valueDate`: the journal says so (metadata.valueDate), so the end of day counts it
 * in the account's balance from that day on though it is booked now, and the customer's row is dated that day.
 */
async function depositOn(m: EntityManager, account: DemoSavingsRow, amount: string, valueDate: string, from: string, zone: string): Promise<void> {
  const amountMinor = parseAmountToMinor(amount, account.currency);
  const settlement = await internalAccountId(m, 'settlement', account.currency);
  const reference = newReference();
  const description = `Transfer from ${from}`;
  await postJournal(
    m,
    {
      kind: 'incoming',
      reference,
      description,
      postings: [
        { accountId: settlement, amountMinor: -amountMinor, currency: account.currency },
        { accountId: account.ledger_account_id, amountMinor, currency: account.currency },
      ],
      metadata: { seeded: true, valueDate },
    },
    {
      entries: [
        {
          reference,
          customerId: account.customer_id,
          accountId: account.ledger_account_id,
          type: 'credit',
          kind: 'incoming',
          status: 'success',
          description,
          category: 'Savings',
          amountMinor,
          currency: account.currency,
          recipient: from,
          channel: 'Bank transfer',
          location: null,
          metadata: { valueDate },
          createdAt: await instantInZone(m, valueDate, '10:30', zone),
        },
      ],
    },
  );
}

/** Every business date from `first` to `last`, in order, as the end of day runs them (a date already done is skipped). */
async function runDates(ds: DataSource, first: string, last: string, zone: string): Promise<void> {
  for (let day = first; day <= last; day = addDays(day, 1)) await runBusinessDate(ds, { businessDate: day, zone });
}

/** Opens the account with its first deposit; undefined when it exists already or the end of day has run since it would open. */
async function openDemoSavings(ds: DataSource, customerId: string, opened: string, zone: string): Promise<DemoSavingsRow | undefined> {
  return withTransaction(ds, async (m) => {
    if (await demoSavingsAccount(m, customerId, DEMO_SAVINGS.name)) return undefined;
    // An older demo bank whose end of day already ran those dates could not accrue the account for them: it goes without.
    if (await endOfDayRanSince(m, opened)) return undefined;
    const id = await openFurtherAccount(m, { customerId, product: 'savings', currency: 'USD', name: DEMO_SAVINGS.name, status: 'active' });
    await setOpenedAt(m, id, await instantInZone(m, opened, '10:00', zone));
    const account = (await demoSavingsAccount(m, customerId, DEMO_SAVINGS.name))!;
    await depositOn(m, account, DEMO_SAVINGS.opened.amount, opened, DEMO_SAVINGS.opened.from, zone);
    return account;
  });
}

/**
 * The demo savings account and its months of interest, once: opens it months back, runs every business date from
 * then to yesterday in the bank's time zone `zone` (the top-up booked between the dates before and after it, so each
 * row's balance after reads in order), and dates the interest rows on the day they were due.
 */
export async function seedDemoSavings(ds: DataSource, customerId: string, opts: { zone: string; now: Date }): Promise<void> {
  const today = businessDateOf(opts.now, opts.zone);
  const opened = dayMonthsBack(today, DEMO_SAVINGS.opened.monthsBack, DEMO_SAVINGS.opened.day);
  const toppedUp = dayMonthsBack(today, DEMO_SAVINGS.topUp.monthsBack, DEMO_SAVINGS.topUp.day);
  const yesterday = addDays(today, -1);
  const account = await openDemoSavings(ds, customerId, opened, opts.zone);
  if (!account) return;
  await runDates(ds, opened, addDays(toppedUp, -1), opts.zone);
  await withTransaction(ds, (m) => depositOn(m, account, DEMO_SAVINGS.topUp.amount, toppedUp, DEMO_SAVINGS.topUp.from, opts.zone));
  await runDates(ds, toppedUp, yesterday, opts.zone);
  // Seeded history only: the end of day paid these months just now, and a statement should read them on the 1st they
  // were due, as a bank that had been running then would show them. Live payments keep the time they were made.
  await backDateInterestRows(ds.manager, account, opts.zone);
}
