import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'strongroom-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const env = (vars: Record<string, string>) => ({ DATA_DIR: dir, ...vars }) as NodeJS.ProcessEnv;

  it('applies the defaults of the embedded setup and generates secrets once, readable by the owner only', () => {
    const first = loadConfig(env({}));
    expect(first).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: dir, seedDemo: true, dailyOutboundLimit: '25000.00', trustProxy: false, secureCookies: false, dbPoolSize: 20 });
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
      }),
    );
    expect(config).toMatchObject({
      databaseUrl: 'postgres://u:p@db:5432/bank',
      port: 8080,
      publicUrl: 'https://bank.example',
      secureCookies: true,
      trustProxy: true,
      seedDemo: true,
      adminEmail: 'ops@bank.example',
      dailyOutboundLimit: '1000.50',
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

  it('insists on real secrets in production with an external database', () => {
    expect(() => loadConfig(env({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/bank' }))).toThrow('SESSION_SECRET and ENCRYPTION_KEY must be set in production');
  });
});
