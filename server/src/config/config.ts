import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { DEFAULT_DAILY_OUTBOUND_LIMIT, PASSWORD_WEAK_MESSAGE, parseAmountToMinor, passwordStrongEnough } from '@strongroom/shared';
import { usePasswordScorerThread } from '../common/password-scorer';
import { deriveKeys, randomSymbols, type DerivedKeys } from '../common/crypto';

export interface AppConfig {
  databaseUrl?: string;
  port: number;
  host: string;
  dataDir: string;
  sessionSecret: string;
  /** 32-byte AES-256-GCM key for data at rest (SSNs, card numbers, uploaded images; keys per use are derived from it). */
  encryptionKey: Buffer;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  /** Where the staff console is: CONSOLE_ORIGIN's /admin/ when it has an origin of its own, else PUBLIC_URL's (invitation links). */
  consoleUrl: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Base32 TOTP secret that pre-enrols the ADMIN_EMAIL admin; without it they enrol at first sign-in. */
  adminTotpSecret?: string;
  seedDemo: boolean;
  logLevel: string;
  redisUrl?: string;
  /** Daily outbound limit per customer, in major units as a decimal string. */
  dailyOutboundLimit: string;
  /**
   * Which X-Forwarded-For entries to believe: false (none), a hop count, or the proxies' addresses/CIDRs.
   * Never `true` (every entry), which would let any client choose its own IP and dodge per-IP limits.
   */
  trustProxy: false | number | string[];
  /** Connections in this process's PostgreSQL pool (DB_POOL_SIZE). */
  dbPoolSize: number;
  /** The least time from one ledger batch's start to the next's (LEDGER_BATCH_CYCLE_MS; docs/performance.md#payment-lanes-paced-cycles). */
  ledgerBatchCycleMs: number;
  /** The least time from one same-bank payment's session check statement's start to the next's (PAYMENT_CHECK_CYCLE_MS; docs/performance.md#payment-lanes-paced-cycles). */
  paymentCheckCycleMs: number;
  /** Per-IP login attempts a minute. */
  loginRateLimitPerMinute: number;
  /** Recipient name look-ups a minute, per client IP and per customer. */
  lookupRateLimitPerMinute: number;
  /** Per-IP money-moving requests a minute. */
  moneyRateLimitPerMinute: number;
  /** Serve the built front ends (off in API-only tests). */
  serveStatic: boolean;
  secureCookies: boolean;
  /** CARD_NETWORK_KEY: the card network's credential for /v1/network/card-authorisations (header x-network-key); unset, only staff admins may call it. */
  cardNetworkKey?: string;
  /** Approvals that credit a customer more than this (major units, in the item's currency) need a second admin. */
  fourEyesThreshold: string;
  /** BANK_TIME_ZONE (IANA name, default UTC): where business dates begin and end, for interest and the end of day (docs/decisions/0063-interest.md). */
  bankTimeZone: string;
  /** END_OF_DAY=0: this process never schedules the end of day (a bench's servers, where it is measured on its own); it still runs a rerun staff ask for. */
  endOfDay: boolean;
  /** Run the job queue's worker in this process (JOBS_WORKER=0 leaves jobs to other processes; tests drain by hand). */
  jobsWorker: boolean;
  /** A full garbage collection in a quiet second once the heap has grown (IDLE_COLLECT=0: V8 alone decides; docs/performance.md#heap-headroom-and-idle-collection). */
  idleCollect: boolean;
  // Platform security (docs/security.md): keys per use, production switches, front ends on their own origins.
  /** The role the server runs as, made by the operator (DATABASE_APP_URL); unset: `<database>_app` is made at start through DATABASE_URL (the owner). */
  databaseAppUrl?: string;
  /** DATABASE_READ_URL: the replicas, for reads that tolerate a little staleness (db/read-replica.ts); unset, every read goes to the primary. */
  databaseReadUrl?: string;
  /** One key per use, derived from SESSION_SECRET and ENCRYPTION_KEY with HKDF (common/crypto.ts). */
  keys: DerivedKeys;
  /** NODE_ENV=production: no demo data, no /docs unless DOCS=1. */
  production: boolean;
  /** Serve the OpenAPI UI at /docs (DOCS=1, or any non-production environment). */
  docsEnabled: boolean;
  /** Origins of front ends served apart from the API (CUSTOMER_ORIGIN, CONSOLE_ORIGIN); the API answers exactly these with CORS. */
  corsOrigins: string[];
  /** METRICS_PORT: Prometheus text at /metrics on a listener of its own (docs/operations/metrics.md); unset, none. */
  metricsPort?: number;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: request traces sent there over OTLP/HTTP (docs/operations/metrics.md); unset, none. */
  otelEndpoint?: string;
}

export class ConfigError extends Error {}

interface Secrets {
  sessionSecret: string;
  encryptionKey: string;
  demoAdminPassword: string;
  demoAuditorPassword: string;
  demoAdminTotpSecret: string;
  demoAuditorTotpSecret: string;
}

/** A base32 TOTP secret (160 bits, as authenticator apps expect). */
function newTotpSecret(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  return randomSymbols(32, alphabet);
}

/** Secrets for the embedded default: generated once, kept (0600) under DATA_DIR so restarts keep sessions valid. */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>) : {};
  const secrets: Secrets = {
    sessionSecret: stored.sessionSecret ?? randomBytes(48).toString('base64url'),
    encryptionKey: stored.encryptionKey ?? randomBytes(32).toString('hex'),
    demoAdminPassword: stored.demoAdminPassword ?? `Adm!${randomBytes(6).toString('base64url')}9a`,
    demoAuditorPassword: stored.demoAuditorPassword ?? `Aud!${randomBytes(6).toString('base64url')}9a`,
    // Files written before staff had a second factor gain the demo staff's TOTP secrets on the next start.
    demoAdminTotpSecret: stored.demoAdminTotpSecret ?? newTotpSecret(),
    demoAuditorTotpSecret: stored.demoAuditorTotpSecret ?? newTotpSecret(),
  };
  if (Object.keys(stored).length < Object.keys(secrets).length) writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function parseKey(raw: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new ConfigError('ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)');
  return key;
}

/** An origin exactly as a browser sends it: scheme, host and port, no path. */
function originOf(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an origin such as https://bank.example.com`);
  }
  if (!/^https?:$/.test(url.protocol) || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new ConfigError(`${name} must be an origin such as https://bank.example.com (no path)`);
  }
  return url.origin;
}

/** The platform security settings (production switches, the app role, CORS origins), read apart from the rest. */
function platformSettings(env: NodeJS.ProcessEnv, databaseUrl: string | undefined, problems: string[]) {
  const production = env.NODE_ENV === 'production';
  const seedDemo = env.SEED_DEMO ? env.SEED_DEMO === '1' || env.SEED_DEMO === 'true' : !databaseUrl && !production;
  if (production && seedDemo) problems.push('SEED_DEMO=1 is refused in production (NODE_ENV=production): demo logins are published');
  const databaseAppUrl = env.DATABASE_APP_URL || undefined;
  if (databaseAppUrl && !/^postgres(ql)?:\/\//.test(databaseAppUrl)) problems.push('DATABASE_APP_URL must be a postgres:// URL');
  const corsOrigins: string[] = [];
  for (const name of ['CUSTOMER_ORIGIN', 'CONSOLE_ORIGIN']) {
    const raw = env[name];
    if (!raw) continue;
    try {
      corsOrigins.push(originOf(name, raw));
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  return { production, seedDemo, databaseAppUrl, corsOrigins, docsEnabled: env.DOCS ? env.DOCS === '1' || env.DOCS === 'true' : !production };
}

/** TRUST_PROXY: unset/0 = no proxy, 1-10 = that many proxy hops, else a comma list of proxy IPs or CIDRs. */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError('TRUST_PROXY: a hop count must be at most 10');
    return hops;
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined) {
      throw new ConfigError(`TRUST_PROXY must be a hop count (1-10) or a comma list of proxy IP addresses or CIDRs, not '${entry}'`);
    }
  }
  return entries;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

/**
 * The default of both paced payment lanes' cycles (LEDGER_BATCH_CYCLE_MS, PAYMENT_CHECK_CYCLE_MS): 12 ms, up from 8,
 * because on a slow 2-core machine at half the peak it cut a transfer's CPU there by 3-15% (docs/performance.md#payment-lanes-paced-cycles).
 */
const PAYMENT_LANE_CYCLE_MS = 12;

/** Reads and validates the environment once at boot; every problem is reported together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  usePasswordScorerThread();
  const problems: string[] = [];
  const check = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch (err) {
      problems.push((err as Error).message);
      return undefined;
    }
  };
  const dataDir = resolve(env.DATA_DIR || './.data');
  const port = check(() => intFrom(env, 'PORT', 3000, 0, 65535)) ?? 3000;
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must be a postgres:// URL');
  if (env.DATABASE_READ_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_READ_URL)) problems.push('DATABASE_READ_URL must be a postgres:// URL');
  const needsGenerated = !env.SESSION_SECRET || !env.ENCRYPTION_KEY;
  const secrets = needsGenerated || !databaseUrl ? loadOrCreateSecrets(dataDir) : undefined;
  if (databaseUrl && env.NODE_ENV === 'production' && needsGenerated) {
    problems.push('SESSION_SECRET and ENCRYPTION_KEY must be set in production');
  }
  const sessionSecret = env.SESSION_SECRET || secrets!.sessionSecret;
  if (sessionSecret.length < 32) problems.push('SESSION_SECRET must be at least 32 characters');
  const encryptionKey = check(() => parseKey(env.ENCRYPTION_KEY || secrets!.encryptionKey));
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port || 3000}`).replace(/\/$/, '');
  if (!/^https?:\/\//.test(publicUrl)) problems.push('PUBLIC_URL must start with http:// or https://');
  const dailyOutboundLimit = env.DAILY_OUTBOUND_LIMIT || DEFAULT_DAILY_OUTBOUND_LIMIT;
  check(() => parseAmountToMinor(dailyOutboundLimit, 'USD'));
  const fourEyesThreshold = env.FOUR_EYES_THRESHOLD || '10000.00';
  const bankTimeZone = env.BANK_TIME_ZONE || 'UTC';
  check(() => {
    // Intl knows every IANA zone PostgreSQL does; an unknown name is refused here rather than by the first run.
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: bankTimeZone });
    } catch {
      throw new Error(`BANK_TIME_ZONE must be an IANA time zone such as Europe/London (got ${bankTimeZone})`);
    }
  });
  check(() => parseAmountToMinor(fourEyesThreshold, 'USD'));
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL)) problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  if (env.REDIS_URL && !/^rediss?:\/\//.test(env.REDIS_URL)) problems.push('REDIS_URL must be a redis:// URL');
  if ((env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) || (!env.ADMIN_EMAIL && env.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  if (env.ADMIN_PASSWORD && !passwordStrongEnough(env.ADMIN_PASSWORD)) problems.push(`ADMIN_PASSWORD: ${PASSWORD_WEAK_MESSAGE} (8 to 128 characters)`);
  if (env.ADMIN_TOTP_SECRET && !env.ADMIN_EMAIL) problems.push('ADMIN_TOTP_SECRET needs ADMIN_EMAIL and ADMIN_PASSWORD');
  if (env.ADMIN_TOTP_SECRET && !/^[A-Z2-7]{16,}=*$/.test(env.ADMIN_TOTP_SECRET.replace(/\s+/g, '').toUpperCase())) {
    problems.push('ADMIN_TOTP_SECRET must be a base32 secret of at least 16 characters (A-Z, 2-7)');
  }
  const trustProxy = check(() => parseTrustProxy(env.TRUST_PROXY)) ?? false;
  const dbPoolSize = check(() => intFrom(env, 'DB_POOL_SIZE', 20, 1, 500)) ?? 20;
  const ledgerBatchCycleMs = check(() => intFrom(env, 'LEDGER_BATCH_CYCLE_MS', PAYMENT_LANE_CYCLE_MS, 0, 100)) ?? PAYMENT_LANE_CYCLE_MS;
  const paymentCheckCycleMs = check(() => intFrom(env, 'PAYMENT_CHECK_CYCLE_MS', PAYMENT_LANE_CYCLE_MS, 0, 100)) ?? PAYMENT_LANE_CYCLE_MS;
  const loginRateLimitPerMinute = check(() => intFrom(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 20, 1, 10000)) ?? 20;
  const lookupRateLimitPerMinute = check(() => intFrom(env, 'LOOKUP_RATE_LIMIT_PER_MINUTE', 30, 1, 100000)) ?? 30;
  const moneyRateLimitPerMinute = check(() => intFrom(env, 'MONEY_RATE_LIMIT_PER_MINUTE', 300, 1, 1000000)) ?? 300;
  const metricsPort = env.METRICS_PORT ? check(() => intFrom(env, 'METRICS_PORT', 0, 1, 65535)) : undefined;
  const otelEndpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
  if (otelEndpoint && !/^https?:\/\//.test(otelEndpoint)) problems.push('OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL');
  if (env.CARD_NETWORK_KEY && env.CARD_NETWORK_KEY.length < 32) problems.push('CARD_NETWORK_KEY must be at least 32 characters');
  const platform = platformSettings(env, databaseUrl, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return {
    databaseUrl,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    sessionSecret,
    encryptionKey: encryptionKey!,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Strongroom Bank <no-reply@strongroom.local>',
    publicUrl,
    consoleUrl: `${(env.CONSOLE_ORIGIN || publicUrl).replace(/\/$/, '')}/admin/`,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    adminTotpSecret: env.ADMIN_TOTP_SECRET ? env.ADMIN_TOTP_SECRET.replace(/\s+/g, '').toUpperCase() : undefined,
    seedDemo: platform.seedDemo,
    logLevel: env.LOG_LEVEL || 'info',
    redisUrl: env.REDIS_URL || undefined,
    dailyOutboundLimit,
    trustProxy,
    dbPoolSize,
    ledgerBatchCycleMs,
    paymentCheckCycleMs,
    loginRateLimitPerMinute,
    moneyRateLimitPerMinute,
    lookupRateLimitPerMinute,
    serveStatic: env.SERVE_STATIC !== '0',
    secureCookies: publicUrl.startsWith('https://'),
    cardNetworkKey: env.CARD_NETWORK_KEY || undefined,
    fourEyesThreshold,
    bankTimeZone,
    jobsWorker: env.JOBS_WORKER !== '0',
    endOfDay: env.END_OF_DAY !== '0',
    idleCollect: env.IDLE_COLLECT !== '0',
    keys: deriveKeys(sessionSecret, encryptionKey!),
    production: platform.production,
    docsEnabled: platform.docsEnabled,
    corsOrigins: platform.corsOrigins,
    databaseAppUrl: platform.databaseAppUrl,
    metricsPort,
    otelEndpoint,
  };
}
