import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';
import { addHolder, creditAccount, insertTransfer, listAccounts, openAccount, primaryOf } from './account-fixtures';

describe('accounts: one account, and renaming it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (session: { headers: Record<string, string> }, id: string) => t.app.inject({ method: 'GET', url: `/v1/accounts/${id}`, headers: session.headers });
  const rename = (session: { headers: Record<string, string> }, id: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/v1/accounts/${id}`, headers: session.headers, payload: payload as object });

  it('shows balances, the details a payer needs, and the owner with the active and invited holders', async () => {
    const owner = await approvedCustomer(t.app);
    const joint = await approvedCustomer(t.app, { staff: owner.staff });
    const child = await approvedCustomer(t.app, { staff: owner.staff });
    const invited = await approvedCustomer(t.app, { staff: owner.staff });
    const account = await openAccount(t.app, owner.session, { product: 'savings', currency: 'EUR', name: 'House' });
    await creditAccount(t.app, account.id, '120.50');
    await addHolder(t, account.id, joint.id, owner.id, 'joint');
    await addHolder(t, account.id, child.id, owner.id, 'dependant', 1500);
    await t.ownerQuery(`INSERT INTO account_holders (account_id, customer_id, role, status, invited_by) VALUES ($1, $2, 'joint', 'invited', $3)`, [account.id, invited.id, owner.id]);
    // A holder who was removed is not listed.
    const gone = await approvedCustomer(t.app, { staff: owner.staff });
    await t.ownerQuery(`INSERT INTO account_holders (account_id, customer_id, role, status, invited_by, removed_at) VALUES ($1, $2, 'joint', 'removed', $3, now())`, [account.id, gone.id, owner.id]);

    const res = await get(owner.session, account.id);
    expect(res.statusCode).toBe(200);
    const { account: shown } = res.json();
    expect(shown).toMatchObject({ id: account.id, number: account.number, name: 'House', currency: 'EUR', role: 'owner', balance: '120.50', availableBalance: '120.50' });
    expect(shown.paymentDetails).toEqual({ accountHolderName: `${owner.firstName} ${owner.lastName}`, accountNumber: account.number, bankName: 'Strongroom Bank', currency: 'EUR' });
    expect(shown.holders.map((h: { role: string; status: string }) => [h.role, h.status])).toEqual([
      ['owner', 'active'],
      ['joint', 'active'],
      ['dependant', 'active'],
      ['joint', 'invited'],
    ]);
    expect(shown.holders[0]).toMatchObject({ id: null, firstName: owner.firstName, lastName: owner.lastName });
    expect(shown.holders[2].dailyLimit).toBe('15.00');
    expect(shown.holders[1].dailyLimit).toBeUndefined();

    // A dependant sees the account too, as dependant, with their own limit.
    const asChild = await get(child.session, account.id);
    expect(asChild.statusCode).toBe(200);
    expect(asChild.json().account).toMatchObject({ role: 'dependant', dailyLimit: '15.00', spentToday: '0.00' });
  });

  it('counts what a pending payment holds in the balance, not in what is available', async () => {
    const c = await approvedCustomer(t.app, { funded: '300.00' });
    const primary = await primaryOf(t.app, c.id);
    await insertTransfer(t, c.id, primary.id, 'pending', 2000, 250);
    // Transfers that hold nothing (waiting for the code, scheduled, done) change neither.
    await insertTransfer(t, c.id, primary.id, 'awaiting_authorisation', 7000);
    await insertTransfer(t, c.id, primary.id, 'completed', 7000);
    const { account } = (await get(c.session, primary.id)).json();
    expect(account).toMatchObject({ isPrimary: true, availableBalance: '300.00', balance: '322.50' });
  });

  it("answers a stranger's account, an unknown id and a malformed id with the same 404", async () => {
    const owner = await approvedCustomer(t.app);
    const stranger = await approvedCustomer(t.app, { staff: owner.staff });
    const account = await openAccount(t.app, owner.session);
    for (const id of [account.id, '0190f5c4-8d1e-7a2b-9c3d-4e5f6a7b8c9d', 'not-an-id']) {
      const res = await get(stranger.session, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: 'Account not found' });
      const patch = await rename(stranger.session, id, { name: 'Mine now' });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().error).toBe('Account not found');
    }
    // An invitation not yet accepted does not let the invitee see the account.
    await t.ownerQuery(`INSERT INTO account_holders (account_id, customer_id, role, status, invited_by) VALUES ($1, $2, 'joint', 'invited', $3)`, [account.id, stranger.id, owner.id]);
    expect((await get(stranger.session, account.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/accounts/${account.id}` })).statusCode).toBe(401);
  });

  it('renames an account for its owner or a joint holder, trimmed; a dependant may not', async () => {
    const owner = await approvedCustomer(t.app);
    const joint = await approvedCustomer(t.app, { staff: owner.staff });
    const child = await approvedCustomer(t.app, { staff: owner.staff });
    const account = await openAccount(t.app, owner.session);
    await addHolder(t, account.id, joint.id, owner.id, 'joint');
    await addHolder(t, account.id, child.id, owner.id, 'dependant', 1000);

    const res = await rename(owner.session, account.id, { name: '  Rainy day  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().account).toMatchObject({ id: account.id, name: 'Rainy day' });
    expect((await rename(joint.session, account.id, { name: 'Ours' })).statusCode).toBe(200);
    const byChild = await rename(child.session, account.id, { name: 'Mine' });
    expect(byChild.statusCode).toBe(403);
    expect(byChild.json().error).toBe('Only the account owner or a joint holder can change this account');
    const [listed] = (await listAccounts(t.app, owner.session)).filter((a) => a.id === account.id);
    expect(listed.name).toBe('Ours');
  });

  it('refuses a name that is empty, blank, too long or not text, and unknown fields, with 400', async () => {
    const c = await approvedCustomer(t.app);
    const primary = await primaryOf(t.app, c.id);
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(41) }, { name: 42 }, { name: 'Fine', colour: 'red' }]) {
      const res = await rename(c.session, primary.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(Object.keys(res.json().errors ?? {}).length).toBeGreaterThan(0);
    }
    const forty = await rename(c.session, primary.id, { name: 'x'.repeat(40) });
    expect(forty.statusCode).toBe(200);
  });

  it('keeps a closed account listed as closed, and it can no longer be renamed', async () => {
    const c = await approvedCustomer(t.app);
    const account = await openAccount(t.app, c.session);
    const closed = await t.app.inject({ method: 'POST', url: `/v1/accounts/${account.id}/close`, headers: c.session.headers, payload: {} });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().account).toMatchObject({ id: account.id, status: 'closed' });
    const [listed] = (await listAccounts(t.app, c.session)).filter((a) => a.id === account.id);
    expect(listed.status).toBe('closed');
    expect(listed.closedAt).not.toBeNull();
    const res = await rename(c.session, account.id, { name: 'Back again' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('This account is closed');
    expect((await get(c.session, account.id)).json().account.status).toBe('closed');
  });
});
