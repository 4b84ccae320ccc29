import { Writable } from 'node:stream';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DataSource } from 'typeorm';
import { Client } from 'pg';
import { buildApp, type BuildOptions } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config/config';
import { createDataSource } from '../../src/db/data-source';
import { AdminService } from '../../src/modules/admin/admin.service';
import { seedFxRates } from '../../src/modules/fx/fx.service';
import { createTestDatabase } from './test-db';
import { freshOtp, generateSecret } from './totp';

/** A 1x1 PNG: real image bytes for uploads. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const JPEG_HEADER = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
export const pngDataUrl = (bytes: Buffer = PNG_1X1) => `data:image/png;base64,${bytes.toString('base64')}`;

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** The app's own DataSource (also `app.db`), on a database of its own cloned from the template. */
  dataSource: DataSource;
  dataDir: string;
  close(): Promise<void>;
  /** The role the app runs as (the server's: no UPDATE/DELETE on append-only tables, owns nothing). */
  appRole: string;
  /** A statement as the database owner (what the server's role may not do: DDL, changing the ledger). */
  ownerQuery(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** The database as its owner, for a test that must run DDL in its own transaction (a migration). */
  ownerUrl: string;
}

/** A log stream that keeps every line the server writes, for a test that reads its log (`lines`, one JSON record each). */
export function capturedLog(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines };
}

/** A log stream that passes on the server's 'unhandled error' records (its 500s) to stderr and drops the rest. */
function unhandledErrorsToStderr(): NodeJS.WritableStream {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = chunk.toString();
      if (line.includes('"unhandled error"')) process.stderr.write(`[server 500] ${line}`);
      done();
    },
  });
}

export async function createTestApp(overrides: Partial<AppConfig> = {}, opts: Pick<BuildOptions, 'logStream' | 'frontEnds' | 'onRoute'> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'strongroom-test-data-'));
  const base = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  } as NodeJS.ProcessEnv);
  const config: AppConfig = { ...base, serveStatic: false, jobsWorker: false, loginRateLimitPerMinute: 10_000, moneyRateLimitPerMinute: 1_000_000, ...overrides };
  const dataSource = createDataSource(db.appUrl, { poolSize: overrides.dbPoolSize ?? 40 });
  await dataSource.initialize();
  await seedFxRates(dataSource.manager);
  // Without a stream of the test's own, the server's 500s (never expected for any input) are printed with their
  // cause, so a failure seen only on a loaded CI machine says what went wrong.
  const logging = opts.logStream ? { logStream: opts.logStream } : { logStream: unhandledErrorsToStderr() };
  const app = await buildApp(opts.logStream ? config : { ...config, logLevel: 'error' }, { dataSource, ...logging, frontEnds: opts.frontEnds, onRoute: opts.onRoute });
  await app.ready();
  return {
    app,
    config,
    dataSource,
    dataDir,
    appRole: new URL(db.appUrl).username,
    ownerUrl: db.url,
    async ownerQuery(sql, params = []) {
      const owner = new Client({ connectionString: db.url });
      await owner.connect();
      try {
        return (await owner.query(sql, params)).rows;
      } finally {
        await owner.end();
      }
    },
    async close() {
      await app.close();
      if (dataSource.isInitialized) await dataSource.destroy();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export function enrolmentPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Dana',
    middleName: 'Q',
    lastName: 'Okafor',
    dob: '1990-05-17',
    country: 'US',
    state: 'New York',
    city: 'Brooklyn',
    zipcode: '11201',
    phone: '+1 (718) 555-0142',
    email: `dana.${Date.now()}.${counter}.${randomBytes(3).toString('hex')}@example.com`,
    address: '55 Water Street, Apt 3',
    occupation: 'Business / Sales',
    incomeRange: '$50,001 - $100,000',
    accountType: 'checking',
    currency: 'USD',
    transactionPin: '2468',
    password: 'Str0ng!Pass',
    ...overrides,
  };
}

/**
 * Latest message to `email` as its recipient reads it: the outbox row names it (staff see only a redacted body
 * there), and the .eml the file backend wrote holds the whole text.
 */
export async function lastMail(app: FastifyInstance, email: string): Promise<{ subject: string; bodyText: string; template: string; redactedText: string }> {
  // Some mail leaves after the answer (app.background), some through the job queue: wait for both.
  await app.background.idle();
  await app.jobs.drain();
  const [row] = await app.db.query(`SELECT id, subject, body_text AS "bodyText", template FROM outbox WHERE lower(to_address) = lower($1) ORDER BY created_at DESC LIMIT 1`, [email]);
  if (!row) throw new Error(`no mail to ${email}`);
  const dir = join(app.config.dataDir, 'mail');
  const file = readdirSync(dir).find((name) => name.endsWith(`-${row.id}.eml`));
  if (!file) throw new Error(`mail ${row.id} to ${email} was not delivered`);
  const raw = readFileSync(join(dir, file), 'utf8');
  const body = raw.slice(raw.search(/\r?\n\r?\n/)).trim();
  // Undo quoted-printable soft breaks and escapes.
  const bodyText = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { subject: row.subject, template: row.template, bodyText: Buffer.from(bodyText, 'latin1').toString('utf8'), redactedText: row.bodyText };
}

export const codeIn = (text: string) => /code[^0-9]*(\d{6})/i.exec(text)?.[1] ?? /\b(\d{6})\b/.exec(text)![1];

export interface Session {
  cookie: string;
  csrf: string;
  headers: Record<string, string>;
}

export function sessionFrom(res: LightMyRequestResponse, kind: 'customer' | 'staff' = 'customer'): Session {
  const names = kind === 'customer' ? ['sr_session', 'sr_csrf'] : ['sr_staff_session', 'sr_staff_csrf'];
  const cookies = res.cookies as { name: string; value: string }[];
  const session = cookies.find((c) => c.name === names[0]);
  const csrf = cookies.find((c) => c.name === names[1]);
  if (!session || !csrf) throw new Error(`no ${kind} session cookies in response ${res.statusCode}: ${res.body}`);
  const cookie = `${names[0]}=${session.value}; ${names[1]}=${csrf.value}`;
  return { cookie, csrf: csrf.value, headers: { cookie, 'x-csrf-token': csrf.value } };
}

/** The two photos an application carries, as data URLs: the passport (`image`) and the proof of address. */
export function applicationPhotos(): { image: string; proofOfAddress: string } {
  return { image: pngDataUrl(), proofOfAddress: pngDataUrl() };
}

/** Registers a customer through the API, returns its account number and password. */
export async function registerCustomer(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const payload = enrolmentPayload(overrides);
  const res = await app.inject({ method: 'POST', url: '/v1/auth/register', payload: { ...payload, ...applicationPhotos() } });
  if (res.statusCode !== 201) throw new Error(`register failed ${res.statusCode}: ${res.body}`);
  const mail = await lastMail(app, payload.email as string);
  const accountNumber = /account number: (\d{10})/i.exec(mail.bodyText)![1];
  const [{ id }] = await app.db.query(`SELECT id FROM customers WHERE account_number = $1`, [accountNumber]);
  return { ...payload, accountNumber, id: id as string, code: codeIn(mail.bodyText) };
}

export async function login(app: FastifyInstance, accountNumber: string, password: string): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber, password } });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`);
  return sessionFrom(res);
}

export interface StaffMember {
  email: string;
  password: string;
  totpSecret: string;
}

/** A staff member enrolled with a TOTP secret (as ADMIN_TOTP_SECRET does), not signed in. */
export async function staffMember(app: FastifyInstance, role: 'admin' | 'auditor' = 'admin'): Promise<StaffMember> {
  const member = { email: `${role}.${randomBytes(4).toString('hex')}@bank.test`, password: 'Staff!Passw0rd-long', totpSecret: generateSecret() };
  await new AdminService(app).ensureStaff(member.email, member.password, role, `Test ${role}`, { totpSecret: member.totpSecret });
  return member;
}

/** Signs a member in with password and a fresh authenticator code. */
export async function staffLogin(app: FastifyInstance, member: StaffMember): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: member.email, password: member.password, otp: await freshOtp(member.totpSecret) } });
  return sessionFrom(res, 'staff');
}

export async function staffSession(app: FastifyInstance, role: 'admin' | 'auditor' = 'admin'): Promise<Session> {
  return staffLogin(app, await staffMember(app, role));
}

/** A registered, approved customer with `fundedAmount` booked in through the incoming-transfer API. */
export async function approvedCustomer(app: FastifyInstance, opts: { funded?: string; currency?: string; staff?: Session } = {}) {
  const c = await registerCustomer(app, opts.currency ? { currency: opts.currency } : {});
  const staff = opts.staff ?? (await staffSession(app));
  const approve = await app.inject({ method: 'PATCH', url: `/v1/admin/customers/${c.id}/approve`, headers: staff.headers });
  if (approve.statusCode !== 200) throw new Error(`approve failed: ${approve.body}`);
  if (opts.funded) {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/admin/incoming-transfers',
      headers: staff.headers,
      payload: {
        accountNumber: c.accountNumber,
        amount: opts.funded,
        currency: opts.currency ?? 'USD',
        senderName: 'Test Payroll',
        senderBank: 'Test Bank',
        reference: `FUND-${randomBytes(6).toString('hex')}`,
      },
    });
    if (res.statusCode !== 201) throw new Error(`funding failed: ${res.body}`);
  }
  const session = await login(app, c.accountNumber, c.password as string);
  return { ...c, session, staff };
}
