import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_STAFF, prepareData } from '../../src/boot';
import { DEMO_CUSTOMER, DEMO_PAYEE } from '../../src/seed/seed';
import { AdminService } from '../../src/modules/admin/admin.service';
import { createTestApp, login, type TestApp } from '../helpers/test-app';

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

  it('lets the demo staff (passwords kept in DATA_DIR/secrets.json) and the ADMIN_EMAIL operator sign in', async () => {
    const secrets = JSON.parse(readFileSync(join(t.dataDir, 'secrets.json'), 'utf8'));
    const attempts = [
      { email: DEMO_STAFF.admin, password: secrets.demoAdminPassword, role: 'admin' },
      { email: DEMO_STAFF.auditor, password: secrets.demoAuditorPassword, role: 'auditor' },
      { email: 'ops@bank.example', password: 'Operator-Passw0rd!', role: 'admin' },
    ];
    for (const { email, password, role } of attempts) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email, password } });
      expect(res.statusCode).toBe(200);
      expect(res.json().staff.role).toBe(role);
    }
  });

  it('resets the operator admin password from ADMIN_PASSWORD on the next start', async () => {
    const next = await createTestApp({ adminEmail: 'ops@bank.example', adminPassword: 'Rotated-Passw0rd!' });
    try {
      // An earlier deployment left this address as a locked-out auditor with a forgotten password.
      await new AdminService(next.app).ensureStaff('ops@bank.example', 'Forgotten-Passw0rd!', 'auditor', 'Ops');
      await next.app.db.query(`UPDATE staff_users SET locked_until = now() + interval '1 hour' WHERE email = 'ops@bank.example'`);
      await prepareData(next.app);
      const [{ count }] = await next.app.db.query(`SELECT count(*)::int FROM staff_users WHERE email = 'ops@bank.example'`);
      expect(count).toBe(1);
      const ok = await next.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: 'ops@bank.example', password: 'Rotated-Passw0rd!' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().staff.role).toBe('admin');
      const old = await next.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email: 'ops@bank.example', password: 'Forgotten-Passw0rd!' } });
      expect(old.statusCode).toBe(401);
    } finally {
      await next.close();
    }
  });
});
