import { approvedCustomer, createTestApp, lastMail, type TestApp } from '../helpers/test-app';
import { expectLedgerConsistent } from '../loans/loan-helpers';
import { addHolder, closeRequest, creditAccount, ledgerBalance, listAccounts, openAccount, primaryOf } from './account-fixtures';

describe('accounts: the primary account closes last, and closing it is leaving the bank', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const loginAnswer = (accountNumber: string, password: string) => t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber, password } });

  it('refuses the primary account while another own account is open, even one waiting for review', async () => {
    const c = await approvedCustomer(t.app);
    const primary = await primaryOf(t.app, c.id);
    const savings = await openAccount(t.app, c.session);
    const business = await openAccount(t.app, c.session, { product: 'business', currency: 'USD' });
    const expectRefused = async () => {
      const res = await closeRequest(t.app, c.session, primary.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('Your primary account closes last: close your other accounts first. Closing it ends your relationship with Strongroom.');
    };
    await expectRefused();
    expect((await closeRequest(t.app, c.session, savings.id)).statusCode).toBe(200);
    await expectRefused();
    // A rejected application is not an open account.
    await t.app.db.query(`UPDATE accounts SET status = 'rejected', status_reason = 'test' WHERE id = $1`, [business.id]);
    const res = await closeRequest(t.app, c.session, primary.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().leftBank).toBe(true);
  });

  it("lets no joint holder close another customer's primary account", async () => {
    const owner = await approvedCustomer(t.app);
    const joint = await approvedCustomer(t.app, { staff: owner.staff });
    const primary = await primaryOf(t.app, owner.id);
    await addHolder(t, primary.id, joint.id, owner.id, 'joint');
    const res = await closeRequest(t.app, joint.session, primary.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("Only the account's owner can close their primary account");
    expect((await t.app.db.query(`SELECT status FROM customers WHERE id = $1`, [owner.id]))[0].status).toBe('approved');
  });

  it('ends every session, refuses sign-in afterwards, and tells the customer their data is kept for 5 years', async () => {
    const c = await approvedCustomer(t.app, { funded: '80.00' });
    const primary = await primaryOf(t.app, c.id);
    // A second session, on another device.
    const other = await loginAnswer(c.accountNumber, c.password as string);
    expect(other.statusCode).toBe(200);
    const otherCookie = other.cookies.map((k) => `${k.name}=${k.value}`).join('; ');
    // A shared account of someone else's, to move the balance to as the customer leaves.
    const friend = await approvedCustomer(t.app, { staff: c.staff });
    const shared = await openAccount(t.app, friend.session, { product: 'checking', currency: 'USD' });
    await addHolder(t, shared.id, c.id, friend.id, 'joint');

    const res = await closeRequest(t.app, c.session, primary.id, { sweepToAccountId: shared.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, leftBank: true, account: { id: primary.id, status: 'closed', isPrimary: true } });
    expect(body.message).toContain('keep your data for 5 years');
    expect(await ledgerBalance(t.app, shared.id)).toBe(8000n);
    expect(await ledgerBalance(t.app, primary.id)).toBe(0n);
    await expectLedgerConsistent(t.app);

    const [customer] = await t.app.db.query(`SELECT status FROM customers WHERE id = $1`, [c.id]);
    expect(customer.status).toBe('closed');
    const events = await t.app.db.query(`SELECT from_status, to_status, actor_type FROM status_events WHERE subject_type = 'customer' AND subject_id = $1 AND to_status = 'closed'`, [c.id]);
    expect(events).toEqual([{ from_status: 'approved', to_status: 'closed', actor_type: 'customer' }]);

    // Both sessions are over.
    expect((await t.app.inject({ method: 'GET', url: '/v1/accounts', headers: c.session.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/accounts', headers: { cookie: otherCookie } })).statusCode).toBe(401);
    const active = await t.app.db.query(`SELECT count(*)::int AS n FROM sessions WHERE subject_id = $1 AND revoked_at IS NULL`, [c.id]);
    expect(active[0].n).toBe(0);

    // Signing in again is refused with the reason; a wrong password still hears only that it is wrong.
    const again = await loginAnswer(c.accountNumber, c.password as string);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe('Your accounts with Strongroom are closed and you can no longer sign in. We keep your data for 5 years, as the law requires; to ask for a statement, write to us.');
    expect(again.cookies).toHaveLength(0);
    expect((await loginAnswer(c.accountNumber, 'Wrong!Pass1')).statusCode).toBe(401);

    const mail = await lastMail(t.app, c.email as string);
    expect(mail.template).toBe('relationshipEnded');
    expect(mail.bodyText).toContain('for 5 years');

    // The friend still holds the shared account, with the money, and it no longer names the former customer.
    const friendAccounts = await listAccounts(t.app, friend.session);
    expect(friendAccounts.find((a) => a.id === shared.id)).toMatchObject({ status: 'active', balance: '80.00' });
    const detail = await t.app.inject({ method: 'GET', url: `/v1/accounts/${shared.id}`, headers: friend.session.headers });
    expect(detail.json().account.holders.map((h: { role: string }) => h.role)).toEqual(['owner']);
    const [holding] = await t.app.db.query(`SELECT status, removed_at FROM account_holders WHERE account_id = $1 AND customer_id = $2`, [shared.id, c.id]);
    expect(holding.status).toBe('removed');
    expect(holding.removed_at).not.toBeNull();
  });

  it("keeps a former customer's accounts and history: nothing is deleted", async () => {
    const c = await approvedCustomer(t.app, { funded: '12.00' });
    const primary = await primaryOf(t.app, c.id);
    const savings = await openAccount(t.app, c.session);
    await creditAccount(t.app, savings.id, '3.00');
    expect((await closeRequest(t.app, c.session, savings.id, { sweepToAccountId: primary.id })).statusCode).toBe(200);
    const friend = await approvedCustomer(t.app, { staff: c.staff });
    const target = await openAccount(t.app, friend.session);
    await addHolder(t, target.id, c.id, friend.id, 'joint');
    expect((await closeRequest(t.app, c.session, primary.id, { sweepToAccountId: target.id })).statusCode).toBe(200);
    const accounts = await t.app.db.query(`SELECT status FROM accounts WHERE customer_id = $1 ORDER BY is_primary`, [c.id]);
    expect(accounts).toEqual([{ status: 'closed' }, { status: 'closed' }]);
    const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM transactions WHERE customer_id = $1`, [c.id]);
    expect(n).toBe(5);
  });
});
