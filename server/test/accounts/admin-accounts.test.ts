import { randomUUID } from 'node:crypto';
import { approvedCustomer, createTestApp, lastMail, login, registerCustomer, staffSession, type Session, type TestApp } from '../helpers/test-app';

/** The console's accounts: list and detail for every staff member, freeze and unfreeze for admins (docs/decisions/0062-accounts.md). */
describe('staff accounts: /v1/admin/accounts', () => {
  let t: TestApp;
  let admin: Session;
  let auditor: Session;
  let alice: Awaited<ReturnType<typeof approvedCustomer>>;
  let bob: Awaited<ReturnType<typeof approvedCustomer>>;
  let aliceAccount: string;
  let bobAccount: string;

  const primaryOf = async (customerId: string) => ((await t.app.db.query(`SELECT id FROM accounts WHERE customer_id = $1 AND is_primary`, [customerId])) as { id: string }[])[0].id;
  const list = (filter: Record<string, unknown>, session: Session = auditor, extra = '') =>
    t.app.inject({ method: 'GET', url: `/v1/admin/accounts?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, headers: { cookie: session.cookie } });
  const act = (id: string, action: 'freeze' | 'unfreeze', payload: unknown, session: Session = admin) =>
    t.app.inject({ method: 'POST', url: `/v1/admin/accounts/${id}/${action}`, headers: session.headers, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t.app, 'admin');
    auditor = await staffSession(t.app, 'auditor');
    alice = await approvedCustomer(t.app, { funded: '250.00', staff: admin });
    bob = await approvedCustomer(t.app, { currency: 'EUR', funded: '40.00', staff: admin });
    aliceAccount = await primaryOf(alice.id);
    bobAccount = await primaryOf(bob.id);
  });
  afterAll(() => t.close());

  it('lists accounts with their owner and balance, filtered by number, its first digits, owner, product, currency and status', async () => {
    const byNumber = await list({ number: alice.accountNumber });
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.headers['content-range']).toBe('accounts 0-0/1');
    expect(byNumber.json()).toEqual([
      {
        id: aliceAccount,
        number: alice.accountNumber,
        name: 'Current account',
        product: 'checking',
        currency: 'USD',
        status: 'active',
        statusReason: null,
        isPrimary: true,
        ownerId: alice.id,
        ownerName: `${alice.firstName} ${alice.lastName}`,
        balance: '250.00',
        openedAt: expect.any(String),
        createdAt: expect.any(String),
      },
    ]);

    const prefix = (await list({ number: alice.accountNumber.slice(0, 7) })).json() as { number: string }[];
    expect(prefix.map((a) => a.number)).toContain(alice.accountNumber);
    expect(prefix.every((a) => a.number.startsWith(alice.accountNumber.slice(0, 7)))).toBe(true);

    expect((await list({ customerId: bob.id })).json()).toMatchObject([{ id: bobAccount, currency: 'EUR', balance: '40.00' }]);
    const euro = (await list({ currency: 'eur' })).json() as { id: string; currency: string }[];
    expect(euro.map((a) => a.id)).toContain(bobAccount);
    expect(euro.every((a) => a.currency === 'EUR')).toBe(true);
    expect((await list({ product: 'savings', customerId: alice.id })).json()).toEqual([]);
    expect((await list({ status: 'closed', customerId: alice.id })).json()).toEqual([]);
    expect((await list({ id: [aliceAccount, bobAccount] }, auditor, '&sort=["number","ASC"]')).json()).toHaveLength(2);
  });

  it('refuses a filter it does not know or a value outside its choices with a 400 naming it', async () => {
    for (const [filter, field] of [
      [{ status: 'sleeping' }, 'status'],
      [{ product: 'gold' }, 'product'],
      [{ number: '12ab' }, 'number'],
      [{ number: '12345678901' }, 'number'],
      [{ customerId: 'not-a-uuid' }, 'customerId'],
      [{ owner: 'x' }, 'owner'],
    ] as const) {
      const res = await list(filter);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
      expect(res.json().errors).toHaveProperty(field);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/accounts?filter=%7Bbad', headers: { cookie: auditor.cookie } })).statusCode).toBe(400);
  });

  it('shows one account with its owner, current holders, money on hold and latest transactions; an unknown id is 404', async () => {
    const carol = await registerCustomer(t.app);
    await t.app.db.query(`INSERT INTO account_holders (account_id, customer_id, role, status, daily_limit_minor, invited_by) VALUES ($1, $2, 'dependant', 'active', 2500, $3)`, [
      aliceAccount,
      carol.id,
      alice.id,
    ]);
    await t.app.db.query(
      `INSERT INTO transfers (customer_id, kind, status, amount_minor, fee_minor, currency, payment_amount_minor, payment_currency, payee, binding_hash, needs_code)
       VALUES ($1, 'transfer_local', 'pending', 1000, 150, 'USD', 1000, 'USD', '{}', repeat('0', 64), false)`,
      [alice.id],
    );
    const res = await t.app.inject({ method: 'GET', url: `/v1/admin/accounts/${aliceAccount}`, headers: { cookie: auditor.cookie } });
    expect(res.statusCode).toBe(200);
    const account = res.json();
    expect(account).toMatchObject({
      id: aliceAccount,
      balance: '250.00',
      held: '11.50',
      holds: [{ kind: 'transfer_local', amount: '11.50' }],
      owner: { id: alice.id, accountNumber: alice.accountNumber, email: alice.email },
      holders: [{ customerId: carol.id, name: `${carol.firstName} ${carol.lastName}`, role: 'dependant', status: 'active', dailyLimit: '25.00', spentToday: '0.00' }],
      timeline: [],
    });
    expect(account.transactions).toHaveLength(1);
    expect(account.transactions[0]).toMatchObject({ type: 'credit', amount: '250.00', currency: 'USD' });

    const shared = await t.app.inject({ method: 'GET', url: `/v1/admin/customers/${carol.id}/accounts`, headers: { cookie: auditor.cookie } });
    expect(shared.json().accounts.map((a: { id: string; role: string; ownerName: string }) => [a.role, a.ownerName])).toEqual([
      ['owner', `${carol.firstName} ${carol.lastName}`],
      ['dependant', `${alice.firstName} ${alice.lastName}`],
    ]);

    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await t.app.inject({ method: 'GET', url: `/v1/admin/accounts/${id}`, headers: { cookie: auditor.cookie } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, error: 'Account not found' });
      expect((await act(id, 'freeze', { reason: 'Suspected fraud' })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/admin/customers/${randomUUID()}/accounts`, headers: { cookie: auditor.cookie } })).statusCode).toBe(404);
  });

  it('lets an auditor read but not freeze, and refuses a customer session and no session', async () => {
    const refused = await act(bobAccount, 'freeze', { reason: 'Suspected fraud' }, auditor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false });
    const customer = await login(t.app, bob.accountNumber, bob.password as string);
    // A customer's session is not a staff one (403); no session at all is 401.
    for (const [headers, status] of [
      [customer.headers, 403],
      [{}, 401],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url: '/v1/admin/accounts', headers })).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'GET', url: `/v1/admin/accounts/${bobAccount}`, headers })).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'GET', url: `/v1/admin/customers/${bob.id}/accounts`, headers })).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'POST', url: `/v1/admin/accounts/${bobAccount}/freeze`, headers, payload: { reason: 'Suspected fraud' } })).statusCode).toBe(status);
    }
    expect((await list({ customerId: bob.id })).json()[0].status).toBe('active');
  });

  it('refuses a freeze without a reason, or with other fields, with a 400 by field', async () => {
    for (const payload of [{}, { reason: 'x' }, { reason: 'Suspected fraud', until: 'tomorrow' }, { reason: 'y'.repeat(501) }]) {
      const res = await act(bobAccount, 'freeze', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String), errors: expect.any(Object) });
    }
    const notJson = await t.app.inject({ method: 'POST', url: `/v1/admin/accounts/${bobAccount}/freeze`, headers: { ...admin.headers, 'content-type': 'application/json' }, payload: '[1]' });
    expect(notJson.statusCode).toBe(400);
  });

  it('freezes and unfreezes with a reason: status and history, the audit log, and an e-mail to the owner; a repeat is refused', async () => {
    const frozen = await act(bobAccount, 'freeze', { reason: 'Card fraud reported by phone' });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json()).toEqual({ success: true, message: 'Account frozen', account: { id: bobAccount, status: 'frozen', statusReason: 'Card fraud reported by phone' } });
    const frozenMail = await lastMail(t.app, bob.email as string);
    expect(frozenMail.subject).toBe('Your Strongroom account is frozen');
    expect(frozenMail.bodyText).toContain('Reason: Card fraud reported by phone');
    expect(frozenMail.bodyText).toContain(bob.accountNumber);
    expect((await list({ status: 'frozen' })).json().map((a: { id: string }) => a.id)).toEqual([bobAccount]);

    const again = await act(bobAccount, 'freeze', { reason: 'Card fraud reported by phone' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: 'Only an active account can be frozen' });
    expect((await act(aliceAccount, 'unfreeze', { reason: 'Nothing to lift' })).statusCode).toBe(409);

    const unfrozen = await act(bobAccount, 'unfreeze', { reason: 'Customer identified at branch' });
    expect(unfrozen.json()).toMatchObject({ success: true, message: 'Account unfrozen', account: { status: 'active', statusReason: 'Customer identified at branch' } });
    const unfrozenMail = await lastMail(t.app, bob.email as string);
    expect(unfrozenMail.subject).toBe('Your Strongroom account is unfrozen');
    expect(unfrozenMail.bodyText).toContain('Customer identified at branch');

    const audit = await t.app.db.query(`SELECT action, actor_type, actor_email, reason FROM audit_log WHERE target_type = 'account' AND target_id = $1 ORDER BY id`, [bobAccount]);
    expect(audit).toEqual([
      { action: 'account.frozen_by_staff', actor_type: 'staff', actor_email: expect.stringMatching(/^admin\./), reason: 'Card fraud reported by phone' },
      { action: 'account.unfrozen_by_staff', actor_type: 'staff', actor_email: expect.stringMatching(/^admin\./), reason: 'Customer identified at branch' },
    ]);
    const detail = (await t.app.inject({ method: 'GET', url: `/v1/admin/accounts/${bobAccount}`, headers: { cookie: auditor.cookie } })).json();
    expect(detail.timeline.map((e: { from: string; status: string; reason: string; by: string }) => [e.from, e.status, e.reason, e.by])).toEqual([
      ['active', 'frozen', 'Card fraud reported by phone', 'Strongroom'],
      ['frozen', 'active', 'Customer identified at branch', 'Strongroom'],
    ]);
  });
});
