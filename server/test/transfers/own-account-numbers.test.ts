import { randomBytes } from 'node:crypto';
import { convertMinor } from '@strongroom/shared';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';
import { keyed, ledgerBalance, openSecondAccount, primaryAccountOf, setAccountStatus } from './own-helpers';

/** Every account has its own number (docs/decisions/0062-accounts.md): payments by number reach further accounts too. */
describe('payments to a further account by its number', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const paySame = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: keyed(headers), payload: { pin: '2468', ...payload } });

  it('credits another customer’s second account, named as its holder, in its own currency', async () => {
    const a = await approvedCustomer(t.app, { funded: '300.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const savings = await openSecondAccount(t, b.id, 'USD');
    const euros = await openSecondAccount(t, b.id, 'EUR');
    const lookup = await t.app.inject({ method: 'GET', url: `/v1/transfer/recipient/${savings.number}`, headers: { cookie: a.session.cookie } });
    expect(lookup.json().recipient).toEqual({ name: 'Dana O.', accountNumber: savings.number });

    const res = await paySame(a.session.headers, { recipientAccountNumber: savings.number, amount: '25.00' });
    expect(res.statusCode).toBe(201);
    expect(await ledgerBalance(t, savings.ledgerAccountId)).toBe('2500');
    expect(await ledgerBalance(t, (await primaryAccountOf(t, b.id)).ledgerAccountId)).toBe('0');
    const [credit] = await t.app.db.query(`SELECT customer_id, currency FROM transactions WHERE account_id = $1`, [savings.ledgerAccountId]);
    expect(credit).toEqual({ customer_id: b.id, currency: 'USD' });

    const toEuros = await paySame(a.session.headers, { recipientAccountNumber: euros.number, amount: '10.00' });
    expect(toEuros.statusCode).toBe(201);
    const [{ rate }] = await t.app.db.query(`SELECT rate::text AS rate FROM fx_rates WHERE base = 'USD' AND quote = 'EUR'`);
    expect(await ledgerBalance(t, euros.ledgerAccountId)).toBe(convertMinor(1000n, 'USD', 'EUR', rate as string).toString());
  });

  it('pays the sender’s own second account by number, but not the account it leaves', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const savings = await openSecondAccount(t, a.id);
    const own = await paySame(a.session.headers, { recipientAccountNumber: savings.number, amount: '30.00' });
    expect(own.statusCode).toBe(201);
    expect(await ledgerBalance(t, savings.ledgerAccountId)).toBe('3000');
    const same = await paySame(a.session.headers, { recipientAccountNumber: a.accountNumber, amount: '1.00' });
    expect(same.json().error).toBe('You cannot send money to your own account');
    // From the second account (named) back into the primary one, by its number.
    const back = await paySame(a.session.headers, { accountId: savings.id, recipientAccountNumber: a.accountNumber, amount: '5.00' });
    expect(back.statusCode).toBe(201);
    expect(back.json().transaction).toMatchObject({ amount: '5.00', balanceAfter: '25.00' });
    const fromItself = await paySame(a.session.headers, { accountId: savings.id, recipientAccountNumber: savings.number, amount: '1.00' });
    expect(fromItself.json().error).toBe('You cannot send money to your own account');
    expect(await ledgerBalance(t, (await primaryAccountOf(t, a.id)).ledgerAccountId)).toBe('7500');
  });

  it('reaches a frozen account (it still receives) but not a closed one', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const frozen = await openSecondAccount(t, b.id);
    const closed = await openSecondAccount(t, b.id);
    await setAccountStatus(t, frozen.id, 'frozen');
    await setAccountStatus(t, closed.id, 'closed');
    expect((await paySame(a.session.headers, { recipientAccountNumber: frozen.number, amount: '2.00' })).statusCode).toBe(201);
    const toClosed = await paySame(a.session.headers, { recipientAccountNumber: closed.number, amount: '2.00' });
    expect(toClosed.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/transfer/recipient/${closed.number}`, headers: { cookie: a.session.cookie } })).statusCode).toBe(404);
    // Named as the source, a frozen account lets nothing out.
    const fromFrozen = await paySame(b.session.headers, { accountId: frozen.id, recipientAccountNumber: a.accountNumber, amount: '1.00' });
    expect(fromFrozen.statusCode).toBe(403);
    expect(await ledgerBalance(t, frozen.ledgerAccountId)).toBe('200');
  });

  it('answers a payment from another customer’s account as not found, and replays a keyed one without paying twice', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { funded: '100.00', staff: a.staff });
    const theirs = await primaryAccountOf(t, b.id);
    const stranger = await paySame(a.session.headers, { accountId: theirs.id, recipientAccountNumber: a.accountNumber, amount: '1.00' });
    expect(stranger.statusCode).toBe(404);
    const savings = await openSecondAccount(t, a.id);
    const key = `replay-${randomBytes(6).toString('hex')}`;
    const payload = { accountId: (await primaryAccountOf(t, a.id)).id, recipientAccountNumber: b.accountNumber, amount: '7.00', pin: '2468' };
    const first = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: keyed(a.session.headers, key), payload });
    const again = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: keyed(a.session.headers, key), payload });
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ledgerBalance(t, theirs.ledgerAccountId)).toBe('10700');
    expect(await ledgerBalance(t, savings.ledgerAccountId)).toBe('0');
  });

  it('posts an incoming payment from another bank to a further account by its number', async () => {
    const a = await approvedCustomer(t.app);
    const savings = await openSecondAccount(t, a.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/incoming-transfers',
      headers: a.staff.headers,
      payload: { accountNumber: savings.number, amount: '12.34', currency: 'USD', senderName: 'Payroll', senderBank: 'Other Bank', reference: `IN-${randomBytes(6).toString('hex')}` },
    });
    expect(res.statusCode).toBe(201);
    expect(await ledgerBalance(t, savings.ledgerAccountId)).toBe('1234');
    expect(await ledgerBalance(t, (await primaryAccountOf(t, a.id)).ledgerAccountId)).toBe('0');
  });
});
