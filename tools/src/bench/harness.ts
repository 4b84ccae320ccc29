// What the bench (npm run bench) and the chaos run (npm run chaos) share beside the server's process
// (server-process.ts): approved, funded customers signed in with bearer sessions, and staff sessions.
import { generate } from 'otplib';
import type { DataSource } from 'typeorm';
import { hashPin, hashSecret, pinPepperFrom } from '@strongroom/server/common/crypto';
import { rows } from '@strongroom/server/common/sql';
import { withTransaction } from '@strongroom/server/db/transaction';
import { openFurtherAccount } from '@strongroom/server/modules/accounts';
import { internalAccountId, openCustomerAccount, postJournal } from '@strongroom/server/modules/ledger/ledger.service';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@strongroom/server/modules/user/entities/customer.entity';

export const HARNESS_PASSWORD = 'Bench!Pass1';
export const HARNESS_PIN = '2468';

export interface SeededCustomer {
  id: string;
  accountNumber: string;
  /** The ledger account of their main (USD) account. */
  accountId: string;
  /** Every account a payment may be sent to: their primary account and a second (savings) account. */
  accountNumbers: string[];
  token: string;
}

/** One of the customer's accounts, at random: payments reach any account of a customer, not only the primary one. */
export const anyAccountOf = (customer: SeededCustomer): string => customer.accountNumbers[Math.floor(Math.random() * customer.accountNumbers.length)];

/**
 * Approved customers, each with a USD account funded from equity with `fundingMinor` and a second, empty USD savings
 * account unless `secondAccount` is false (hashes computed once and reused: seeding is not what is measured). Primary
 * account numbers start at `firstAccountNumber`; the second accounts take free numbers as a customer's would.
 */
export async function seedFundedCustomers(
  ds: DataSource,
  encryptionKey: Buffer,
  count: number,
  opts: { fundingMinor?: bigint; firstAccountNumber?: number; alerts?: boolean; secondAccount?: boolean } = {},
): Promise<SeededCustomer[]> {
  const fundingMinor = opts.fundingMinor ?? 100_000_000n;
  const first = opts.firstAccountNumber ?? 5_000_000_000;
  const [passwordHash, pinHash] = await Promise.all([hashSecret(HARNESS_PASSWORD), hashPin(HARNESS_PIN, pinPepperFrom(encryptionKey))]);
  const customers: SeededCustomer[] = [];
  await withTransaction(ds, async (m) => {
    const equity = await internalAccountId(m, 'equity', 'USD');
    for (let i = 0; i < count; i++) {
      const accountNumber = String(first + i);
      const [c] = await rows<{ id: string }>(
        m,
        `INSERT INTO customers (account_number, first_name, last_name, email, phone, dob, address, city, state, zipcode, country, occupation, income_range, account_type, currency, password_hash, pin_hash, status, notification_preferences)
         VALUES ($1::text,'Bench','Customer'||$1::text,'bench'||$1::text||'@example.com','+1 555 0100','1980-01-01','1 Bench Street','Testville','CA','90000','US','Business / Sales','Below $10,000','checking','USD',$2,$3,'approved',$4) RETURNING id`,
        [accountNumber, passwordHash, pinHash, JSON.stringify({ ...DEFAULT_NOTIFICATION_PREFERENCES, transactionAlerts: opts.alerts ?? false })],
      );
      const account = await openCustomerAccount(m, c.id, 'USD');
      await postJournal(m, {
        kind: 'opening',
        description: 'bench funding',
        postings: [
          { accountId: equity, amountMinor: -fundingMinor, currency: 'USD' },
          { accountId: account, amountMinor: fundingMinor, currency: 'USD' },
        ],
      });
      const accountNumbers = [accountNumber];
      if (opts.secondAccount ?? true) {
        const second = await openFurtherAccount(m, { customerId: c.id, product: 'savings', currency: 'USD', name: 'Savings account', status: 'active' });
        accountNumbers.push((await rows<{ number: string }>(m, `SELECT number FROM accounts WHERE id = $1`, [second]))[0].number);
      }
      customers.push({ id: c.id, accountNumber, accountId: account, accountNumbers, token: '' });
    }
  });
  return customers;
}

/** Signs each customer in through the API (bearer sessions: no cookies or CSRF header to carry). */
export async function loginCustomers(base: string, customers: SeededCustomer[]): Promise<void> {
  for (const c of customers) {
    const res = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-mode': 'bearer' },
      body: JSON.stringify({ accountNumber: c.accountNumber, password: HARNESS_PASSWORD }),
    });
    if (!res.ok) throw new Error(`login of ${c.accountNumber} failed: ${res.status} ${await res.text()}`);
    c.token = ((await res.json()) as { token: string }).token;
  }
}

/**
 * A staff bearer token for `email` (an admin the server created from ADMIN_EMAIL/ADMIN_PASSWORD, enrolled with
 * ADMIN_TOTP_SECRET: staff sign in with their authenticator code too).
 */
export async function staffToken(base: string, email: string, password: string, totpSecret?: string): Promise<string> {
  const otp = totpSecret ? await generate({ secret: totpSecret }) : undefined;
  const res = await fetch(`${base}/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-mode': 'bearer' },
    body: JSON.stringify({ email, password, ...(otp ? { otp } : {}) }),
  });
  if (!res.ok) throw new Error(`staff login failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { token: string }).token;
}
