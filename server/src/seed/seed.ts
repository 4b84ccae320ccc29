import type { DataSource, EntityManager } from 'typeorm';
import { parseAmountToMinor } from '@strongroom/shared';
import { hashPin, hashSecret } from '../common/crypto';
import { customersByAccountNumber, hasOpeningBalance, hasTransactions, insertDemoCustomer } from './seed.queries';
import { withTransaction } from '../db/transaction';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../modules/user/entities/customer.entity';
import { customerAccountId, internalAccountId, openCustomerAccount, postJournal, newReference, creditReferenceOf, type JournalEntry } from '../modules/ledger/ledger.service';
import { seedFxRates } from '../modules/fx/fx.service';
import { seedCryptoOptions } from '../modules/crypto/crypto.service';
import { seedDemoSavings } from './demo-savings';

export const DEMO_CUSTOMER = { accountNumber: '1000000001', password: 'Demo@2026!', pin: '1234', email: 'demo@strongroom.local' };
// As a live same-bank transfer names its sender: first and last name.
const DEMO_NAME = 'Alex Rivera';
export const DEMO_PAYEE = { accountNumber: '1000000002', password: 'Payee@2026!', pin: '4321', email: 'jordan.lee@strongroom.local' };

interface DemoPerson {
  accountNumber: string;
  password: string;
  pin: string;
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  city: string;
  state: string;
  country: string;
}

async function ensureCustomer(m: EntityManager, p: DemoPerson, pinPepper: Buffer): Promise<{ id: string; created: boolean }> {
  const found = await customersByAccountNumber(m, p.accountNumber);
  // Never book demo money onto a real customer who happened to draw a demo account number.
  if (found.length > 0 && found[0].email !== p.email) throw new Error(`Account ${p.accountNumber} belongs to a real customer: demo data not seeded`);
  if (found.length > 0) return { id: found[0].id, created: false };
  const row = await insertDemoCustomer(m, p, {
    passwordHash: await hashSecret(p.password),
    pinHash: await hashPin(p.pin, pinPepper),
    preferences: JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES),
  });
  await openCustomerAccount(m, row.id, 'USD');
  return { id: row.id, created: true };
}

function daysAgo(days: number, hour = 10): Date {
  const d = new Date(Date.now() - days * 86_400_000);
  d.setUTCHours(hour, 17, 0, 0);
  return d;
}

/** Opening balance and a few realistic months of history, all booked through the ledger. Runs once per customer. */
export async function seedDemoLedger(m: EntityManager, customerId: string, payeeId: string): Promise<void> {
  if (await hasTransactions(m, customerId)) return;
  const usd = (v: string) => parseAmountToMinor(v, 'USD');
  const account = await customerAccountId(m, customerId, 'USD');
  const payeeAccount = await customerAccountId(m, payeeId, 'USD');
  const equity = await internalAccountId(m, 'equity', 'USD');
  const settlement = await internalAccountId(m, 'settlement', 'USD');

  const book = async (when: Date, kind: string, type: 'credit' | 'debit', amount: string, description: string, category: string, counter: string, recipient: string, channel = 'Online banking') => {
    const amountMinor = usd(amount);
    const reference = newReference();
    const postings =
      type === 'credit'
        ? [
            { accountId: counter, amountMinor: -amountMinor, currency: 'USD' },
            { accountId: account, amountMinor, currency: 'USD' },
          ]
        : [
            { accountId: account, amountMinor: -amountMinor, currency: 'USD' },
            { accountId: counter, amountMinor, currency: 'USD' },
          ];
    const entries: JournalEntry[] = [
      {
        reference,
        customerId,
        accountId: account,
        type,
        kind: kind as never,
        status: 'success',
        description,
        category,
        amountMinor,
        currency: 'USD',
        recipient,
        // A payment to the other demo customer names their account, as a live same-bank transfer's row does.
        counterparty: counter === payeeAccount ? DEMO_PAYEE.accountNumber : null,
        channel,
        location: null,
        createdAt: when,
      },
    ];
    // A payment to the other demo customer shows in their history too, as a live same-bank transfer does.
    if (counter === payeeAccount) {
      entries.push({
        reference: creditReferenceOf(reference),
        customerId: payeeId,
        accountId: payeeAccount,
        type: 'credit',
        kind: kind as never,
        status: 'success',
        description: description.replace(/ to Jordan Lee$/, ` from ${DEMO_NAME}`),
        category: 'Transfer',
        amountMinor,
        currency: 'USD',
        recipient: DEMO_NAME,
        counterparty: DEMO_CUSTOMER.accountNumber,
        channel,
        location: null,
        createdAt: when,
      });
    }
    await postJournal(m, { kind, reference, description, postings, metadata: { seeded: true } }, { entries });
  };

  await book(daysAgo(118), 'opening', 'credit', '2500.00', 'Opening deposit', 'Deposit', equity, 'Strongroom Bank', 'Branch');
  for (let month = 3; month >= 0; month--) {
    const base = month * 30 + 2;
    await book(daysAgo(base + 25), 'incoming', 'credit', '4250.00', 'Salary from Northwind Traders', 'Salary', settlement, 'Northwind Traders', 'Staff console');
    await book(daysAgo(base + 22, 14), 'transfer_same', 'debit', '1450.00', 'Rent to Jordan Lee', 'Housing', payeeAccount, 'Jordan Lee');
    await book(daysAgo(base + 15, 9), 'transfer_same', 'debit', month % 2 === 0 ? '86.40' : '92.15', 'Utilities share to Jordan Lee', 'Bills', payeeAccount, 'Jordan Lee');
    if (month < 3) await book(daysAgo(base + 8, 16), 'incoming', 'credit', month === 1 ? '320.00' : '125.50', 'Refund from Contoso Market', 'Refund', settlement, 'Contoso Market', 'Staff console');
  }
}

export interface SeedResult {
  demoCustomer: typeof DEMO_CUSTOMER;
  demoPayee: typeof DEMO_PAYEE;
}

/**
 * Idempotent: safe on every start. Staff users are created by main from the generated secrets. `zone` is the bank's
 * time zone (BANK_TIME_ZONE) and `now` the app's clock, for the demo savings account's business dates.
 */
/** `savings: false` leaves out the demo's savings account, for a bank as it was before customers held several accounts. */
export async function seedDemo(ds: DataSource, pinPepper: Buffer, opts: { zone?: string; now?: Date; savings?: boolean } = {}): Promise<SeedResult> {
  const demoId = await withTransaction(ds, async (m) => {
    await seedFxRates(m);
    await seedCryptoOptions(m);
    const demo = await ensureCustomer(m, { ...DEMO_CUSTOMER, firstName: 'Alex', middleName: 'Morgan', lastName: 'Rivera', city: 'San Francisco', state: 'California', country: 'US' }, pinPepper);
    const payee = await ensureCustomer(m, { ...DEMO_PAYEE, firstName: 'Jordan', middleName: null, lastName: 'Lee', city: 'Oakland', state: 'California', country: 'US' }, pinPepper);
    // The payee starts with money of its own so it can send back (booked first: its rows' balances follow in order).
    if (!(await hasOpeningBalance(m, payee.id))) {
      const acc = await customerAccountId(m, payee.id, 'USD');
      const reference = newReference();
      const postings = [
        { accountId: await internalAccountId(m, 'equity', 'USD'), amountMinor: -100000n, currency: 'USD' },
        { accountId: acc, amountMinor: 100000n, currency: 'USD' },
      ];
      await postJournal(
        m,
        { kind: 'opening', reference, description: 'Opening deposit', postings },
        {
          entries: [
            {
              reference,
              customerId: payee.id,
              accountId: acc,
              type: 'credit',
              kind: 'opening',
              status: 'success',
              description: 'Opening deposit',
              category: 'Deposit',
              amountMinor: 100000n,
              currency: 'USD',
              recipient: 'Strongroom Bank',
              channel: 'Branch',
              createdAt: daysAgo(119),
            },
          ],
        },
      );
    }
    await seedDemoLedger(m, demo.id, payee.id);
    return demo.id;
  });
  // After the rest is committed: the end of day runs each business date in transactions of its own.
  if (opts.savings !== false) await seedDemoSavings(ds, demoId, { zone: opts.zone ?? 'UTC', now: opts.now ?? new Date() });
  return { demoCustomer: DEMO_CUSTOMER, demoPayee: DEMO_PAYEE };
}
