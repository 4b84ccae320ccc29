import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_STAFF, prepareData } from '../../src/boot';
import { DEMO_CUSTOMER, DEMO_PAYEE } from '../../src/seed/seed';
import { DEMO_SAVINGS } from '../../src/seed/demo-savings';
import { addDays, businessDateOf } from '../../src/common/business-date';
import { AdminService } from '../../src/modules/admin/admin.service';
import { createTestApp, login, type TestApp } from '../helpers/test-app';
import { freshOtp, generateSecret } from '../helpers/totp';

describe('start-up data (seed, demo staff, operator admin)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true, adminEmail: 'ops@bank.example', adminPassword: 'Operator-Passw0rd!' });
  });
  afterAll(() => t.close());

  const counts = async () =>
    (
      await t.app.db.query(
        `SELECT (SELECT count(*) FROM customers)::int AS customers, (SELECT count(*) FROM staff_users)::int AS staff,
                (SELECT count(*) FROM transactions)::int AS transactions, (SELECT count(*) FROM crypto_options)::int AS "cryptoOptions"`,
      )
    )[0];

  it('is idempotent: a second start adds nothing', async () => {
    const lines = await prepareData(t.app);
    const first = await counts();
    expect(first).toMatchObject({ customers: 2, staff: 3 });
    expect(first.transactions).toBeGreaterThan(0);
    expect(first.cryptoOptions).toBeGreaterThan(0);
    await prepareData(t.app);
    expect(await counts()).toEqual(first);
    expect(lines.join('\n')).toContain(`account ${DEMO_CUSTOMER.accountNumber}  password ${DEMO_CUSTOMER.password}`);
  });

  it('creates an approved demo customer with a balance that can sign in', async () => {
    const s = await login(t.app, DEMO_CUSTOMER.accountNumber, DEMO_CUSTOMER.password);
    const check = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } });
    expect(check.json().user).toMatchObject({ status: 'approved', emailVerified: true, accountNumber: DEMO_CUSTOMER.accountNumber });
    expect(Number(check.json().user.accountBalance)).toBeGreaterThan(0);
  });

  it('adds up from both sides: every seeded payment to the second demo customer is in their history and their balance', async () => {
    const history = async (accountNumber: string) =>
      (await t.app.db.query(
        `SELECT t.reference, t.type, t.description, t.amount_minor::text AS amount, t.balance_after_minor::text AS after
           FROM transactions t JOIN customers c ON c.id = t.customer_id WHERE c.account_number = $1 ORDER BY t.created_at, t.id`,
        [accountNumber],
      )) as { reference: string; type: string; description: string; amount: string; after: string }[];
    const sent = (await history(DEMO_CUSTOMER.accountNumber)).filter((r) => r.description.endsWith('to Jordan Lee'));
    const payee = await history(DEMO_PAYEE.accountNumber);
    expect(sent.length).toBeGreaterThan(0);
    for (const s of sent) {
      expect(payee).toContainEqual(
        expect.objectContaining({ reference: `${s.reference}C`, type: 'credit', amount: s.amount, description: s.description.replace(/ to Jordan Lee$/, ' from Alex Rivera') }),
      );
    }
    // Each row's balance after is the running sum, and the last one is the balance the customer sees.
    let running = 0n;
    for (const r of payee) {
      running += r.type === 'credit' ? BigInt(r.amount) : -BigInt(r.amount);
      expect(r.after).toBe(running.toString());
    }
    const s = await login(t.app, DEMO_PAYEE.accountNumber, DEMO_PAYEE.password);
    const check = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } });
    expect(BigInt(Math.round(Number(check.json().user.accountBalance) * 100))).toBe(running);
  });

  it('gives the demo customer a savings account whose interest was accrued daily and paid on each 1st, to the cent', async () => {
    const s = await login(t.app, DEMO_CUSTOMER.accountNumber, DEMO_CUSTOMER.password);
    const accounts = (await t.app.inject({ method: 'GET', url: '/v1/accounts', headers: s.headers })).json().items as { id: string; name: string; product: string; openedAt: string }[];
    const savings = accounts.find((a) => a.name === DEMO_SAVINGS.name)!;
    expect(savings).toMatchObject({ product: 'savings' });
    const interest = (await t.app.inject({ method: 'GET', url: `/v1/accounts/${savings.id}/interest`, headers: s.headers })).json().interest;
    const yesterday = addDays(businessDateOf(new Date(), 'UTC'), -1);
    expect(interest).toMatchObject({ earnsInterest: true, accruedThrough: yesterday });

    // The account's rows as its statement shows them: the deposits on their day, each month's interest on the 1st.
    const [{ id: ledgerId }] = await t.app.db.query(`SELECT ledger_account_id::text AS id FROM accounts WHERE id = $1`, [savings.id]);
    const history = (await t.app.db.query(`SELECT kind, amount_minor::text AS amount, metadata->>'period' AS period, created_at FROM transactions WHERE account_id = $1 ORDER BY created_at, id`, [
      ledgerId,
    ])) as { kind: string; amount: string; period: string | null; created_at: Date }[];
    const opened = savings.openedAt.slice(0, 10);
    // Each day's end-of-day balance earns 1.50% on the part under 10,000.00 and 2.25% on the rest, actual/365, kept
    // to 10 decimal places of a cent; the month's interest is paid on the 1st rounded down, the fraction kept.
    const unit = 10n ** 10n;
    let accrued = 0n;
    const paid: Record<string, string> = {};
    for (let day = opened; day <= yesterday; day = addDays(day, 1)) {
      const dayEnds = Date.parse(`${addDays(day, 1)}T00:00:00Z`);
      const balance = history.filter((r) => new Date(r.created_at).getTime() < dayEnds).reduce((sum, r) => sum + BigInt(r.amount), 0n);
      const lower = balance < 1_000_000n ? balance : 1_000_000n;
      const weighted = lower * 150n + (balance - lower) * 225n;
      accrued += (2n * weighted * unit + 100n * 100n * 365n) / (2n * 100n * 100n * 365n);
      if (addDays(day, 1).endsWith('-01')) {
        paid[day.slice(0, 7)] = (accrued / unit).toString();
        accrued -= (accrued / unit) * unit;
      }
    }
    const payments = history.filter((r) => r.kind === 'interest');
    expect(Object.fromEntries(payments.map((r) => [r.period, r.amount]))).toEqual(paid);
    // One payment for every month from the opening one to the last, each dated the 1st of the next.
    expect(Object.keys(paid).length).toBeGreaterThanOrEqual(DEMO_SAVINGS.opened.monthsBack);
    for (const r of payments) expect(new Date(r.created_at).toISOString()).toBe(`${addDays(`${r.period}-28`, 10).slice(0, 7)}-01T00:00:00.000Z`);
    const exact = `${accrued / unit / 100n}.${((accrued / unit) % 100n).toString().padStart(2, '0')}${(accrued % unit).toString().padStart(10, '0')}`;
    expect(interest.accruedExact).toBe(exact);
    expect(accrued).toBeGreaterThan(0n);
    expect(BigInt(Math.round(Number(interest.paidThisYear) * 100))).toBeGreaterThan(0n);
  });

  it('lets the demo staff (passwords and TOTP secrets kept in DATA_DIR/secrets.json) sign in', async () => {
    const secrets = JSON.parse(readFileSync(join(t.dataDir, 'secrets.json'), 'utf8'));
    const attempts = [
      { email: DEMO_STAFF.admin, password: secrets.demoAdminPassword, secret: secrets.demoAdminTotpSecret, role: 'admin' },
      { email: DEMO_STAFF.auditor, password: secrets.demoAuditorPassword, secret: secrets.demoAuditorTotpSecret, role: 'auditor' },
    ];
    for (const { email, password, secret, role } of attempts) {
      const withoutCode = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email, password } });
      expect(withoutCode.statusCode).toBe(401);
      expect(withoutCode.json()).toMatchObject({ success: false, mfaRequired: true });
      const res = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email, password, otp: await freshOtp(secret) } });
      expect(res.statusCode).toBe(200);
      expect(res.json().staff.role).toBe(role);
    }
    const lines = await prepareData(t.app);
    expect(lines.join('\n')).toContain(`password ${secrets.demoAdminPassword}  TOTP secret ${secrets.demoAdminTotpSecret}`);
  });

  it('has the ADMIN_EMAIL operator enrol an authenticator at first sign-in', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: 'ops@bank.example', password: 'Operator-Passw0rd!' } });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ success: false, mfaRequired: true, enrolmentRequired: true });
    const { secret, qrCodeDataUrl, otpauthUrl } = first.json().enrolment;
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const done = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: 'ops@bank.example', password: 'Operator-Passw0rd!', otp: await freshOtp(secret) } });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
  });

  it('resets the operator admin password from ADMIN_PASSWORD on the next start, pre-enrolled by ADMIN_TOTP_SECRET', async () => {
    const totpSecret = generateSecret();
    const next = await createTestApp({ adminEmail: 'ops@bank.example', adminPassword: 'Rotated-Passw0rd!', adminTotpSecret: totpSecret });
    try {
      // An earlier deployment left this address as a locked-out auditor with a forgotten password.
      await new AdminService(next.app).ensureStaff('ops@bank.example', 'Forgotten-Passw0rd!', 'auditor', 'Ops');
      await next.app.db.query(`UPDATE staff_users SET locked_until = now() + interval '1 hour' WHERE email = 'ops@bank.example'`);
      await prepareData(next.app);
      const [{ count }] = await next.app.db.query(`SELECT count(*)::int FROM staff_users WHERE email = 'ops@bank.example'`);
      expect(count).toBe(1);
      const ok = await next.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: 'ops@bank.example', password: 'Rotated-Passw0rd!', otp: await freshOtp(totpSecret) } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().staff.role).toBe('admin');
      const old = await next.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: 'ops@bank.example', password: 'Forgotten-Passw0rd!', otp: await freshOtp(totpSecret) } });
      expect(old.statusCode).toBe(401);
    } finally {
      await next.close();
    }
  });

  it('prints no demo password for a demo address the operator took over as ADMIN_EMAIL', async () => {
    const totpSecret = generateSecret();
    const next = await createTestApp({ seedDemo: true, adminEmail: DEMO_STAFF.admin, adminPassword: 'Operator-Passw0rd!', adminTotpSecret: totpSecret });
    try {
      const printed = (await prepareData(next.app)).join('\n');
      const secrets = JSON.parse(readFileSync(join(next.dataDir, 'secrets.json'), 'utf8'));
      expect(printed).not.toContain(secrets.demoAdminPassword);
      expect(printed).toContain(`${DEMO_STAFF.admin}  (ADMIN_EMAIL: the operator admin below)`);
      expect(printed).toContain(`${DEMO_STAFF.auditor}  password ${secrets.demoAuditorPassword}`);
      const demo = await next.app.inject({
        method: 'POST',
        url: '/v1/admin/auth/login',
        payload: { email: DEMO_STAFF.admin, password: secrets.demoAdminPassword, otp: await freshOtp(secrets.demoAdminTotpSecret) },
      });
      expect(demo.statusCode).toBe(401);
      const operator = await next.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: DEMO_STAFF.admin, password: 'Operator-Passw0rd!', otp: await freshOtp(totpSecret) } });
      expect(operator.statusCode).toBe(200);
      expect(operator.json().staff.role).toBe('admin');
    } finally {
      await next.close();
    }
  });
});
