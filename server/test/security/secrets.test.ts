import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { PNG_1X1, approvedCustomer, capturedLog, createTestApp, lastMail, registerCustomer, staffSession, type TestApp } from '../helpers/test-app';
import { loadConfig } from '../../src/config/config';
import { hashPin, legacyPinPepperFrom } from '../../src/common/crypto';
import { loggableUrl } from '../../src/common/log-serializers';

describe('secrets out of logs, keys per use, files encrypted at rest', () => {
  let t: TestApp;
  const { stream: logStream, lines: logLines } = capturedLog();
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'info' }, { logStream });
  });
  afterAll(() => t.close());

  it('logs the reset page and auth routes without their query strings, so a reset token never reaches the log', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email: c.email } });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await lastMail(t.app, c.email as string)).bodyText)![1];
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    await t.app.inject({ method: 'GET', url: `/v1/auth/check?token=${token}` });
    const log = logLines.join('');
    expect(log).toContain('"url":"/reset-password"');
    expect(log).not.toContain(token);
    expect(loggableUrl(`/v1/transaction?q=rent&token=${token}`)).toBe('/v1/transaction?q=rent&token=[redacted]');
  });

  it('derives a separate key for each use, none equal to the configured secrets', () => {
    const keys = Object.values(t.config.keys).map((k) => (Buffer.isBuffer(k) ? k : Buffer.from(k, 'base64url')).toString('hex'));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain(t.config.encryptionKey.toString('hex'));
    expect(keys).not.toContain(Buffer.from(t.config.sessionSecret).toString('hex'));
    // A session token is not signed with SESSION_SECRET itself.
    const [, payload, signature] = t.app.jwt.sign({ sid: 'x', sub: 'y', kind: 'customer' }).split('.');
    const withRawSecret = createHmac('sha256', t.config.sessionSecret)
      .update(`${t.app.jwt.sign({ sid: 'x', sub: 'y', kind: 'customer' }).split('.')[0]}.${payload}`)
      .digest('base64url');
    expect(signature).not.toBe(withRawSecret);
  });

  it('stores uploaded identity images sealed (AES-256-GCM), serves them as uploaded, and seals older plain files', async () => {
    const c = await registerCustomer(t.app);
    const [file] = await t.app.db.query(`SELECT f.id, f.storage_path FROM stored_files f JOIN customers c ON c.passport_file_id = f.id WHERE c.id = $1`, [c.id]);
    const path = join(t.dataDir, 'files', file.storage_path);
    const atRest = readFileSync(path);
    expect(atRest.includes(PNG_1X1.subarray(0, 16))).toBe(false);
    expect(atRest.subarray(0, 4).toString()).toBe('SRE1');
    const staff = await staffSession(t.app, 'auditor');
    const res = await t.app.inject({ method: 'GET', url: `/v1/files/${file.id}`, headers: { cookie: staff.cookie } });
    expect(res.rawPayload.equals(PNG_1X1)).toBe(true);

    // A file written before encryption at rest: readable as it is, then sealed at start-up.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path, PNG_1X1);
    expect((await t.app.inject({ method: 'GET', url: `/v1/files/${file.id}`, headers: { cookie: staff.cookie } })).rawPayload.equals(PNG_1X1)).toBe(true);
    expect(await t.app.files.sealLegacyFiles(t.app.db.manager)).toBeGreaterThanOrEqual(1);
    expect(readFileSync(path).subarray(0, 4).toString()).toBe('SRE1');
    expect((await t.app.inject({ method: 'GET', url: `/v1/files/${file.id}`, headers: { cookie: staff.cookie } })).rawPayload.equals(PNG_1X1)).toBe(true);
    expect(existsSync(`${path}.sealing`)).toBe(false);
  });

  it('accepts a PIN hashed with the pre-HKDF pepper once, and re-hashes it with the current one', async () => {
    const a = await approvedCustomer(t.app, { funded: '10.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const legacy = await hashPin('2468', legacyPinPepperFrom(t.config.encryptionKey));
    await t.app.db.query(`UPDATE customers SET pin_hash = $2 WHERE id = $1`, [a.id, legacy]);
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '2468' } });
    expect(res.statusCode).toBe(201);
    const [{ pin_hash }] = await t.app.db.query(`SELECT pin_hash FROM customers WHERE id = $1`, [a.id]);
    expect(pin_hash).not.toBe(legacy);
  });
});

describe('production settings', () => {
  const base = () => ({
    DATABASE_URL: 'postgres://u@127.0.0.1/db',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: join(__dirname, '.no-data'),
  });

  it('refuses SEED_DEMO=1 in production', () => {
    expect(() => loadConfig({ ...base(), NODE_ENV: 'production', SEED_DEMO: '1' } as NodeJS.ProcessEnv)).toThrow(/SEED_DEMO=1 is refused in production/);
    expect(loadConfig({ ...base(), SEED_DEMO: '1' } as NodeJS.ProcessEnv).seedDemo).toBe(true);
  });

  it('serves /docs outside production, and in production only with DOCS=1', async () => {
    const prod = loadConfig({ ...base(), NODE_ENV: 'production' } as NodeJS.ProcessEnv);
    expect(prod.docsEnabled).toBe(false);
    expect(loadConfig({ ...base(), NODE_ENV: 'production', DOCS: '1' } as NodeJS.ProcessEnv).docsEnabled).toBe(true);
    const hidden = await createTestApp({ docsEnabled: false });
    try {
      expect((await hidden.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
    } finally {
      await hidden.close();
    }
    const shown = await createTestApp();
    try {
      expect((await shown.app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200);
    } finally {
      await shown.close();
    }
  });
});
