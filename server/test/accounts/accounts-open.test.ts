import { MAX_OPEN_ACCOUNTS, defaultAccountName } from '@strongroom/shared';
import type { Actor } from '../../src/common/actor';
import { accountReviewKind } from '../../src/modules/accounts';
import { decide } from '../../src/modules/review';
import { approvedCustomer, capturedLog, createTestApp, lastMail, login, registerCustomer, staffMember, staffLogin, type TestApp } from '../helpers/test-app';
import { addHolder, insertTransfer, listAccounts, openAccount, openAccountRequest, primaryOf } from './account-fixtures';

describe('accounts: the list and opening further accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the primary account with its balance, then opened ones; balance counts back what pending payments hold', async () => {
    const c = await approvedCustomer(t.app, { funded: '500.00' });
    const primary = await primaryOf(t.app, c.id);
    // A payment waiting for staff: its hold already left the ledger balance; the balance adds it back.
    await insertTransfer(t, c.id, primary.id, 'pending', 4000, 500);
    const savings = await openAccount(t.app, c.session, { product: 'savings', currency: 'EUR', name: '  Holiday pot  ' });
    const items = await listAccounts(t.app, c.session);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ id: primary.id, number: c.accountNumber, isPrimary: true, role: 'owner', status: 'active', currency: 'USD', product: 'checking' });
    expect(items[0]).toMatchObject({ name: 'Current account', availableBalance: '500.00', balance: '545.00' });
    expect(items[1]).toMatchObject({ id: savings.id, name: 'Holiday pot', currency: 'EUR', product: 'savings', isPrimary: false, balance: '0.00', availableBalance: '0.00' });
    expect(items[0].dailyLimit).toBeUndefined();
  });

  it('lists accounts shared with the caller after their own, with a dependant limit and what is spent today', async () => {
    const owner = await approvedCustomer(t.app);
    const child = await approvedCustomer(t.app, { staff: owner.staff });
    const shared = await openAccount(t.app, owner.session, { product: 'checking', currency: 'USD', name: 'Family' });
    await addHolder(t, shared.id, child.id, owner.id, 'dependant', 2500);
    const items = await listAccounts(t.app, child.session);
    expect(items.map((a) => a.role)).toEqual(['owner', 'dependant']);
    expect(items[1]).toMatchObject({ id: shared.id, name: 'Family', dailyLimit: '25.00', spentToday: '0.00' });
    // The owner's list is unchanged by sharing.
    expect((await listAccounts(t.app, owner.session)).map((a) => a.role)).toEqual(['owner', 'owner']);
  });

  it('opens a current account at once with a new number, e-mailed, and the default name of its product', async () => {
    const c = await approvedCustomer(t.app);
    const res = await openAccountRequest(t.app, c.session, { product: 'checking', currency: 'GBP' });
    expect(res.statusCode).toBe(201);
    const { account, message } = res.json();
    expect(account).toMatchObject({ name: 'Current account', product: 'checking', currency: 'GBP', status: 'active', role: 'owner', isPrimary: false, balance: '0.00' });
    expect(account.number).toMatch(/^[1-9][0-9]{9}$/);
    expect(account.number).not.toBe(c.accountNumber);
    expect(account.openedAt).not.toBeNull();
    expect(message).toContain(account.number);
    const mail = await lastMail(t.app, c.email as string);
    expect(mail.template).toBe('accountOpened');
    expect(mail.bodyText).toContain(account.number);
    expect(mail.bodyText).toContain('(GBP)');
  });

  it('names accounts by product as the database names primary accounts (primary_name_of)', async () => {
    for (const product of ['checking', 'savings', 'business', 'fixed_deposit'] as const) {
      const [{ name }] = await t.app.db.query(`SELECT primary_name_of($1) AS name`, [product]);
      expect(defaultAccountName(product)).toBe(name);
    }
  });

  it('refuses bad input with 400 and each field named', async () => {
    const c = await approvedCustomer(t.app);
    const res = await openAccountRequest(t.app, c.session, { product: 'fixed_deposit', currency: 'JPY', name: ' '.repeat(3), colour: 'red' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.errors).toMatchObject({ product: 'Please select an account type', currency: 'Please select a currency', name: 'Account name must be 1 to 40 characters' });
    const long = await openAccountRequest(t.app, c.session, { product: 'savings', currency: 'USD', name: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ name: 'Account name must be 1 to 40 characters' });
    const missing = await openAccountRequest(t.app, c.session, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['currency', 'product']);
    expect(await listAccounts(t.app, c.session)).toHaveLength(1);
  });

  it('lets only an approved customer who is not frozen open accounts', async () => {
    const pending = await registerCustomer(t.app);
    const session = await login(t.app, pending.accountNumber, pending.password as string);
    const refused = await openAccountRequest(t.app, session, { product: 'savings', currency: 'USD' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/under review/);

    const c = await approvedCustomer(t.app);
    await t.app.db.query(`UPDATE customers SET frozen_at = now() WHERE id = $1`, [c.id]);
    const frozen = await openAccountRequest(t.app, c.session, { product: 'savings', currency: 'USD' });
    expect(frozen.statusCode).toBe(403);
    expect(frozen.json().error).toBe('Your accounts are frozen. Unfreeze them in the app before opening an account.');
    expect(await listAccounts(t.app, c.session)).toHaveLength(1);
  });

  it(`allows at most ${MAX_OPEN_ACCOUNTS} accounts that are not closed or rejected`, async () => {
    const c = await approvedCustomer(t.app);
    for (let i = 1; i < MAX_OPEN_ACCOUNTS; i++) await openAccount(t.app, c.session, { product: i % 3 === 0 ? 'business' : 'savings', currency: 'USD' });
    const refused = await openAccountRequest(t.app, c.session, { product: 'savings', currency: 'USD' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(`You can have at most ${MAX_OPEN_ACCOUNTS} open accounts. Close one you no longer use before opening another.`);
    // A closed account no longer counts.
    const [last] = (await listAccounts(t.app, c.session)).filter((a) => !a.isPrimary && a.status === 'active');
    const close = await t.app.inject({ method: 'POST', url: `/v1/accounts/${last.id}/close`, headers: c.session.headers, payload: {} });
    expect(close.statusCode).toBe(200);
    expect((await openAccountRequest(t.app, c.session, { product: 'savings', currency: 'USD' })).statusCode).toBe(201);
  });

  it('answers a replay of the same Idempotency-Key with the first answer and opens one account', async () => {
    const c = await approvedCustomer(t.app);
    const key = 'open-savings-7c1e4f0a-2b8d-4a39-9e2f-5d6c7b8a9e01';
    const first = await openAccountRequest(t.app, c.session, { product: 'savings', currency: 'CAD' }, key);
    const again = await openAccountRequest(t.app, c.session, { product: 'savings', currency: 'CAD' }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().account).toEqual(first.json().account);
    expect(await listAccounts(t.app, c.session)).toHaveLength(2);
    // The same key for another request is refused, not answered with the first account.
    const other = await openAccountRequest(t.app, c.session, { product: 'savings', currency: 'AUD' }, key);
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(await listAccounts(t.app, c.session)).toHaveLength(2);
  });

  describe('a business account waits on the staff review queue', () => {
    async function admin() {
      const member = await staffMember(t.app, 'admin');
      const session = await staffLogin(t.app, member);
      const [{ id }] = await t.app.db.query(`SELECT id FROM staff_users WHERE email = $1`, [member.email]);
      const actor: Actor = { type: 'staff', id, email: member.email, role: 'admin' };
      return { session, actor };
    }
    const pendingInQueue = async (session: { headers: Record<string, string> }) => {
      const res = await t.app.inject({ method: 'GET', url: '/v1/admin/review-queue', headers: session.headers });
      return (res.json().queues as { resource: string; pending: number }[]).find((q) => q.resource === 'accounts')?.pending;
    };

    it('is pending until approved, then active with its opening time, and the customer is told its number', async () => {
      const staff = await admin();
      const c = await approvedCustomer(t.app, { staff: staff.session });
      const before = (await pendingInQueue(staff.session))!;
      const res = await openAccountRequest(t.app, c.session, { product: 'business', currency: 'EUR' });
      expect(res.statusCode).toBe(201);
      const { account, message } = res.json();
      expect(account).toMatchObject({ status: 'pending', name: 'Business account', openedAt: null });
      expect(message).toMatch(/review/);
      expect(await pendingInQueue(staff.session)).toBe(before + 1);

      const decided = await decide(t.app, accountReviewKind, { id: account.id, decision: 'approve', actor: staff.actor });
      expect(decided).toMatchObject({ status: 'active', awaitingSecondApproval: false });
      expect(await pendingInQueue(staff.session)).toBe(before);
      const [opened] = (await listAccounts(t.app, c.session)).filter((a) => a.id === account.id);
      expect(opened.status).toBe('active');
      expect(opened.openedAt).not.toBeNull();
      const mail = await lastMail(t.app, c.email as string);
      expect(mail.template).toBe('accountDecision');
      expect(mail.bodyText).toContain(account.number);
      const history = await t.app.db.query(`SELECT from_status, to_status, actor_type FROM status_events WHERE subject_type = 'account' AND subject_id = $1 ORDER BY id`, [account.id]);
      expect(history).toEqual([
        { from_status: null, to_status: 'pending', actor_type: 'customer' },
        { from_status: 'pending', to_status: 'active', actor_type: 'staff' },
      ]);
    });

    it('is rejected with the reason the customer sees, never opened, and no longer counts', async () => {
      const staff = await admin();
      const c = await approvedCustomer(t.app, { staff: staff.session });
      const account = await openAccount(t.app, c.session, { product: 'business', currency: 'USD', name: 'Shop' });
      await expect(decide(t.app, accountReviewKind, { id: account.id, decision: 'reject', actor: staff.actor })).rejects.toMatchObject({ statusCode: 400 });
      const decided = await decide(t.app, accountReviewKind, { id: account.id, decision: 'reject', reason: 'We need your business registration', actor: staff.actor });
      expect(decided.status).toBe('rejected');
      const [rejected] = (await listAccounts(t.app, c.session)).filter((a) => a.id === account.id);
      expect(rejected).toMatchObject({ status: 'rejected', statusReason: 'We need your business registration', openedAt: null });
      expect((await lastMail(t.app, c.email as string)).bodyText).toContain('Reason: We need your business registration');
      // A contrary decision afterwards is refused.
      await expect(decide(t.app, accountReviewKind, { id: account.id, decision: 'approve', actor: staff.actor })).rejects.toMatchObject({ statusCode: 409 });
      const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM accounts WHERE customer_id = $1 AND status NOT IN ('closed','rejected')`, [c.id]);
      expect(n).toBe(1);
    });
  });
});

describe('accounts: the new number in the logs', () => {
  let t: TestApp;
  const { stream: logStream, lines: logLines } = capturedLog();
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'info' }, { logStream });
  });
  afterAll(() => t.close());

  it('mails the number whole but never writes it to a log line', async () => {
    const c = await approvedCustomer(t.app);
    const account = await openAccount(t.app, c.session, { product: 'savings', currency: 'USD' });
    const mail = await lastMail(t.app, c.email as string);
    expect(mail.bodyText).toContain(account.number);
    expect(logLines.some((line) => line.includes('"template":"accountOpened"'))).toBe(true);
    expect(logLines.filter((line) => line.includes(account.number))).toEqual([]);
  });
});
