import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, loadOrCreateSecrets, parseTrustProxy } from './config';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'strongroom-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const env = (vars: Record<string, string>) => ({ DATA_DIR: dir, ...vars }) as NodeJS.ProcessEnv;

  it('applies the defaults of the embedded setup and generates secrets once, readable by the owner only', () => {
    const first = loadConfig(env({}));
    expect(first).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: dir,
      seedDemo: true,
      dailyOutboundLimit: '25000.00',
      trustProxy: false,
      secureCookies: false,
      dbPoolSize: 20,
      ledgerBatchCycleMs: 12,
      paymentCheckCycleMs: 12,
      idleCollect: true,
    });
    expect(first.databaseUrl).toBeUndefined();
    expect(first.encryptionKey).toHaveLength(32);
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig(env({}));
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).sessionSecret).toBe(first.sessionSecret);
  });

  it('takes the environment as given', () => {
    const key = Buffer.alloc(32, 7);
    const config = loadConfig(
      env({
        DATABASE_URL: 'postgres://u:p@db:5432/bank',
        PORT: '8080',
        SESSION_SECRET: 's'.repeat(40),
        ENCRYPTION_KEY: key.toString('base64'),
        PUBLIC_URL: 'https://bank.example/',
        DAILY_OUTBOUND_LIMIT: '1000.50',
        TRUST_PROXY: '1',
        SEED_DEMO: '1',
        ADMIN_EMAIL: 'Ops@Bank.Example',
        ADMIN_PASSWORD: 'a-long-admin-password',
        LEDGER_BATCH_CYCLE_MS: '0',
        PAYMENT_CHECK_CYCLE_MS: '3',
        IDLE_COLLECT: '0',
      }),
    );
    expect(config).toMatchObject({
      databaseUrl: 'postgres://u:p@db:5432/bank',
      port: 8080,
      publicUrl: 'https://bank.example',
      secureCookies: true,
      trustProxy: 1,
      seedDemo: true,
      adminEmail: 'ops@bank.example',
      dailyOutboundLimit: '1000.50',
      ledgerBatchCycleMs: 0,
      paymentCheckCycleMs: 3,
      idleCollect: false,
    });
    expect(config.encryptionKey.equals(key)).toBe(true);
  });

  it('reports every problem at once in one clear message', () => {
    let error: unknown;
    try {
      loadConfig(env({ PORT: 'eighty', ENCRYPTION_KEY: 'abcd', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short', ADMIN_EMAIL: 'a@b.c', DAILY_OUTBOUND_LIMIT: 'lots' }));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    for (const part of [
      'PORT must be an integer',
      'ENCRYPTION_KEY must be 32 bytes',
      'DATABASE_URL must be a postgres:// URL',
      'SESSION_SECRET must be at least 32 characters',
      'ADMIN_EMAIL and ADMIN_PASSWORD go together',
    ]) {
      expect(message).toContain(part);
    }
    expect(message.split('\n- ').length).toBeGreaterThanOrEqual(6);
  });

  it('keeps business dates in UTC unless BANK_TIME_ZONE names an IANA zone, and refuses any other name', () => {
    expect(loadConfig(env({})).bankTimeZone).toBe('UTC');
    expect(loadConfig(env({ BANK_TIME_ZONE: 'Europe/London' })).bankTimeZone).toBe('Europe/London');
    expect(() => loadConfig(env({ BANK_TIME_ZONE: 'Mars/Olympus' }))).toThrow('BANK_TIME_ZONE must be an IANA time zone such as Europe/London (got Mars/Olympus)');
    expect(loadConfig(env({})).endOfDay).toBe(true);
    expect(loadConfig(env({ END_OF_DAY: '0' })).endOfDay).toBe(false);
  });

  it('trusts a number of proxy hops or named proxies, never every X-Forwarded-For entry', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7, ::1')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(ConfigError);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(ConfigError);
    expect(() => loadConfig(env({ TRUST_PROXY: 'true' }))).toThrow('TRUST_PROXY must be a hop count');
  });

  it('pre-enrols the operator admin only with a base32 TOTP secret', () => {
    const base = { ADMIN_EMAIL: 'ops@bank.example', ADMIN_PASSWORD: 'a-long-admin-password' };
    expect(loadConfig(env({ ...base, ADMIN_TOTP_SECRET: 'jbsw y3dp ehpk 3pxp' })).adminTotpSecret).toBe('JBSWY3DPEHPK3PXP');
    expect(() => loadConfig(env({ ...base, ADMIN_TOTP_SECRET: 'not-base32!' }))).toThrow('ADMIN_TOTP_SECRET must be a base32 secret');
  });

  it('keeps the demo staff TOTP secrets beside their passwords', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sr-secrets-'));
    const secrets = loadOrCreateSecrets(dir);
    expect(secrets.demoAdminTotpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(loadOrCreateSecrets(dir).demoAuditorTotpSecret).toBe(secrets.demoAuditorTotpSecret);
  });

  it('insists on real secrets in production with an external database', () => {
    expect(() => loadConfig(env({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/bank' }))).toThrow('SESSION_SECRET and ENCRYPTION_KEY must be set in production');
  });
});
