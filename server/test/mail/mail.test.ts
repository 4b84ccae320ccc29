import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { capturedLog, createTestApp, lastMail, login, registerCustomer, type TestApp } from '../helpers/test-app';

/**
 * Every string in every log line, joined. Secrets are strings; the numbers a log line carries (its
 * time in milliseconds, a response time) can contain a four-digit PIN or a six-digit code by chance.
 */
function loggedStrings(lines: string[]): string {
  const strings: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  lines.forEach((line) => collect(JSON.parse(line)));
  return strings.join('\n');
}

describe('mail without SMTP (file backend)', () => {
  let t: TestApp;
  const { stream: logStream, lines: logLines } = capturedLog();
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'info' }, { logStream });
  });
  afterAll(() => t.close());

  it('writes each message as an .eml under DATA_DIR/mail, records it in the outbox, and logs it without the code', async () => {
    const c = await registerCustomer(t.app);
    const files = readdirSync(join(t.dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
    const eml = files.map((f) => readFileSync(join(t.dataDir, 'mail', f), 'utf8')).find((text) => text.includes(c.email));
    expect(eml).toBeDefined();
    expect(eml).toMatch(/^From: Strongroom Bank <no-reply@strongroom\.local>$/m);
    expect(eml).toMatch(/^Subject: Welcome to Strongroom/m);
    expect(eml).toContain(c.code);
    expect(eml).toContain(c.accountNumber);

    const [row] = await t.app.db.query(`SELECT status, template, sent_at FROM outbox WHERE to_address = $1`, [c.email]);
    expect(row).toMatchObject({ status: 'written', template: 'welcome' });
    expect(row.sent_at).not.toBeNull();

    const file = files.find((f) => readFileSync(join(t.dataDir, 'mail', f), 'utf8').includes(c.email))!;
    expect(statSync(join(t.dataDir, 'mail', file)).mode & 0o777).toBe(0o600);

    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'mail queued' && l.to === c.email);
    expect(line).toMatchObject({ template: 'welcome', subject: 'Welcome to Strongroom: your account number and verification code' });
    expect(line.body).toContain('Your account number: **********');
    expect(line.body).toContain('Your e-mail verification code: ******');
    expect(loggedStrings(logLines)).not.toContain(c.code);
    // Account numbers stay out of every log line, mail or not.
    expect(loggedStrings(logLines)).not.toContain(c.accountNumber);
  });

  it('blanks the reset token in the log line but not in the message', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email: c.email } });
    const token = /token=([\w-]+)/.exec((await lastMail(t.app, c.email)).bodyText)![1];
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'mail queued' && l.to === c.email && l.template === 'passwordReset');
    expect(line.body).toContain('/reset-password?token=[redacted]');
    expect(loggedStrings(logLines)).not.toContain(token);
  });

  it('keeps passwords and codes out of the request log', async () => {
    const c = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code: c.code } });
    await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: c.password } });
    const logged = loggedStrings(logLines);
    expect(logged).not.toContain(c.password as string);
    expect(logged).not.toContain(c.transactionPin as string);
  });
});

describe('security alerts honour the notification preferences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const allOn = { emailNotifications: true, smsNotifications: false, pushNotifications: false, marketingEmails: false, securityAlerts: true, transactionAlerts: true, lowBalanceAlerts: true };

  async function changePassword(securityAlerts: boolean) {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    const prefs = await t.app.inject({ method: 'PUT', url: '/v1/user/notification-preferences', headers: s.headers, payload: { ...allOn, securityAlerts } });
    expect(prefs.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/change-password', headers: s.headers, payload: { currentPassword: c.password, newPassword: 'N3w!Password' } });
    expect(res.statusCode).toBe(200);
    return (await lastMail(t.app, c.email)).template;
  }

  it('e-mails a password-change alert when security alerts are on', async () => {
    expect(await changePassword(true)).toBe('passwordChanged');
  });

  it('sends no alert when the customer turned security alerts off', async () => {
    expect(await changePassword(false)).toBe('welcome');
  });
});
