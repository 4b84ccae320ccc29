// What the bench (npm run bench) and the chaos run (npm run chaos) share: a server in its own process,
// its readiness, and approved, funded customers signed in with bearer sessions.
import { generate } from 'otplib';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { hashPin, hashSecret, pinPepperFrom } from '../common/crypto';
import { rows } from '../common/sql';
import { withTransaction } from '../db/transaction';
import { internalAccountId, openCustomerAccount, postJournal } from '../modules/ledger/ledger.service';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../modules/user/entities/customer.entity';

export const HARNESS_PASSWORD = 'Bench!Pass1';
export const HARNESS_PIN = '2468';

export interface SeededCustomer {
  id: string;
  accountNumber: string;
  /** The ledger account of their main (USD) account. */
  accountId: string;
  token: string;
}

/** Environment for a server process under load: limits raised so that only the system under test is measured. */
export function serverEnv(opts: { databaseUrl: string; port: number; dataDir: string; sessionSecret: string; encryptionKeyHex: string; extra?: Record<string, string> }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: opts.dataDir,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    SERVE_STATIC: '0',
    SESSION_SECRET: opts.sessionSecret,
    ENCRYPTION_KEY: opts.encryptionKeyHex,
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
    DAILY_OUTBOUND_LIMIT: '100000000.00',
    ...opts.extra,
  };
}

/** `url` with its connections named `name` in pg_stat_activity, so that a run can find (or kill) that process's backends. */
export function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

/**
 * The Node flags the server runs with in production (package.json's start:server, docker/Dockerfile), so the bench
 * and the chaos run measure the same process. No allocation-site pretenuring (docs/decisions/0029): V8 had moved ~36
 * of the server's allocation sites to allocate straight into the old generation, so every request's objects there
 * waited for a mark-compact (8 in a 30 s steady run at 1,200 transfers/s; 0-1 without). A 24 MB young generation (Node's
 * default is 16 MB): each scavenge's pause grows with what survives it; 48 MB halved the scavenges but lengthened each
 * (3.3 ms on average against 1.9), and 64 MB once paused the server ~7 ms a time. Flags given after these
 * (BENCH_SERVER_NODE_ARGS) win. The old generation may double over what the last mark-compact kept, and V8's memory
 * reducer, whose watchdog compacted everything and shrank the young generation under load, is off (docs/decisions/0034).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=24', '--no-allocation-site-pretenuring', '--heap-growing-percent=300', '--no-memory-reducer'];

/** node server/dist/main.js in a process of its own (as in production), with SERVER_NODE_FLAGS and optional others. */
export function spawnServer(env: NodeJS.ProcessEnv, nodeArgs: string[] = [], stdio: 'inherit' | 'ignore' | 'pipe' = 'inherit'): ChildProcess {
  // From server/dist (npm run bench/chaos) main.js is beside this folder; from server/src (jest) it is built in server/dist.
  const built = join(__dirname, '..', 'main.js');
  const main = existsSync(built) ? built : join(__dirname, '..', '..', 'dist', 'main.js');
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, main], { env, stdio: ['ignore', stdio, stdio] });
}

/** Waits until GET base/readyz answers 200 (each try waits up to `attemptMs` for its answer); false after `timeoutMs`. */
export async function waitReady(base: string, timeoutMs = 30_000, intervalMs = 100, attemptMs = 2_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(Math.min(attemptMs, Math.max(1, deadline - Date.now()))) });
      if (res.ok) return true;
    } catch {
      /* starting, stopped or without its database */
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return false;
}

/**
 * Approved customers, each with one USD account funded from equity with `fundingMinor` (hashes computed once
 * and reused: seeding is not what is measured). Account numbers start at `firstAccountNumber`.
 */
export async function seedFundedCustomers(
  ds: DataSource,
  encryptionKey: Buffer,
  count: number,
  opts: { fundingMinor?: bigint; firstAccountNumber?: number; alerts?: boolean } = {},
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
      customers.push({ id: c.id, accountNumber, accountId: account, token: '' });
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
