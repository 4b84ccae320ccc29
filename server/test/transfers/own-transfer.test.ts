import { randomUUID } from 'node:crypto';
import { convertMinor, minorToDecimal } from '@strongroom/shared';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';
import { keyed, ledgerBalance, openSecondAccount, primaryAccountOf, setAccountStatus } from './own-helpers';

/** POST /v1/transfer/own and its quote: money moved between two accounts one customer holds (docs/decisions/0062-accounts.md). */
describe('moving money between own accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const move = (headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/transfer/own', headers, payload });
  const quoteOwn = (cookie: string, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/v1/transfer/quote?${new URLSearchParams({ type: 'own', ...query }).toString()}`, headers: { cookie } });

  it('moves money to a second account in the same currency: no fee, no code, both rows in the owner’s history', async () => {
    const a = await approvedCustomer(t.app, { funded: '500.00' });
    const primary = await primaryAccountOf(t, a.id);
    const savings = await openSecondAccount(t, a.id, 'USD');
    const quote = await quoteOwn(a.session.cookie, { fromAccountId: primary.id, toAccountId: savings.id, amount: '120.55' });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({
      success: true,
      currency: 'USD',
      amount: '120.55',
      fee: '0.00',
      total: '120.55',
      rate: '1',
      creditAmount: '120.55',
      creditCurrency: 'USD',
      pinRequired: false,
    });

    const res = await move(keyed(a.session.headers), { fromAccountId: primary.id, toAccountId: savings.id, amount: '120.55' });
    expect(res.statusCode).toBe(201);
    expect(res.json().transaction).toMatchObject({ type: 'debit', kind: 'own_transfer', status: 'success', amount: '120.55', fees: '0.00', balanceAfter: '379.45' });
    expect(res.json().rate).toBeUndefined();
    expect(await ledgerBalance(t, primary.ledgerAccountId)).toBe('37945');
    expect(await ledgerBalance(t, savings.ledgerAccountId)).toBe('12055');
    const rows = await t.app.db.query(
      `SELECT customer_id, account_id::text AS account, type, amount_minor::text AS amount FROM transactions WHERE kind = 'own_transfer' AND customer_id = $1 ORDER BY type`,
      [a.id],
    );
    expect(rows).toEqual([
      { customer_id: a.id, account: savings.ledgerAccountId, type: 'credit', amount: '12055' },
      { customer_id: a.id, account: primary.ledgerAccountId, type: 'debit', amount: '12055' },
    ]);
    // Moving between one's own accounts is not a payment out: the day's outbound count is untouched.
    const [limit] = await t.app.db.query(`SELECT outbound_minor::text AS spent FROM ledger_accounts WHERE id = $1`, [primary.ledgerAccountId]);
    expect(limit.spent).toBe('0');
  });

  it('converts across currencies at the bank’s rate, crediting exactly what the quote said', async () => {
    const a = await approvedCustomer(t.app, { funded: '1000.00' });
    const primary = await primaryAccountOf(t, a.id);
    const euros = await openSecondAccount(t, a.id, 'EUR');
    const [{ rate }] = await t.app.db.query(`SELECT rate::text AS rate FROM fx_rates WHERE base = 'USD' AND quote = 'EUR'`);
    const expected = convertMinor(33333n, 'USD', 'EUR', rate as string);
    const quote = await quoteOwn(a.session.cookie, { fromAccountId: primary.id, toAccountId: euros.id, amount: '333.33' });
    expect(quote.json()).toMatchObject({ amount: '333.33', fee: '0.00', total: '333.33', currency: 'USD', creditCurrency: 'EUR', creditAmount: minorToDecimal(expected, 'EUR') });
    expect(Number(quote.json().rate)).toBeCloseTo(Number(rate), 8);

    const res = await move(keyed(a.session.headers), { fromAccountId: primary.id, toAccountId: euros.id, amount: '333.33' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rate: quote.json().rate, creditAmount: quote.json().creditAmount, creditCurrency: 'EUR' });
    expect(res.json().transaction).toMatchObject({ amount: '333.33', currency: 'USD' });
    expect(await ledgerBalance(t, primary.ledgerAccountId)).toBe('66667');
    expect(await ledgerBalance(t, euros.ledgerAccountId)).toBe(expected.toString());
    // And back: the euro account pays into the dollar one at the EUR-USD rate.
    const back = await move(keyed(a.session.headers), { fromAccountId: euros.id, toAccountId: primary.id, amount: minorToDecimal(expected, 'EUR') });
    expect(back.statusCode).toBe(201);
    expect(await ledgerBalance(t, euros.ledgerAccountId)).toBe('0');
  });

  it('answers a replayed Idempotency-Key with the first answer and moves the money once', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const primary = await primaryAccountOf(t, a.id);
    const savings = await openSecondAccount(t, a.id);
    const key = randomUUID();
    const payload = { fromAccountId: primary.id, toAccountId: savings.id, amount: '40.00' };
    const first = await move(keyed(a.session.headers, key), payload);
    const again = await move(keyed(a.session.headers, key), payload);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ledgerBalance(t, primary.ledgerAccountId)).toBe('6000');
    expect(await ledgerBalance(t, savings.ledgerAccountId)).toBe('4000');
    const other = await move(keyed(a.session.headers, key), { ...payload, amount: '41.00' });
    expect(other.statusCode).toBe(422);
    expect(await ledgerBalance(t, primary.ledgerAccountId)).toBe('6000');
  });

  it('refuses bad input with JSON errors, the same account twice, and more than the balance', async () => {
    const a = await approvedCustomer(t.app, { funded: '10.00' });
    const primary = await primaryAccountOf(t, a.id);
    const savings = await openSecondAccount(t, a.id);
    const empty = await move(keyed(a.session.headers), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      success: false,
      errors: { fromAccountId: 'Choose the account to move money from', toAccountId: 'Choose the account to move money to', amount: 'Enter an amount' },
    });
    const bad = await move(keyed(a.session.headers), { fromAccountId: 'nope', toAccountId: savings.id, amount: '1.001', pin: '12', extra: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      fromAccountId: 'Choose the account to move money from',
      amount: 'Amount can have at most 2 decimal places',
      pin: 'PIN must be exactly 4 digits',
      extra: 'Unknown field: extra',
    });
    const same = await move(keyed(a.session.headers), { fromAccountId: primary.id, toAccountId: primary.id, amount: '1.00' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ success: false, error: 'Choose two different accounts' });
    const tooMuch = await move(keyed(a.session.headers), { fromAccountId: primary.id, toAccountId: savings.id, amount: '10.01' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe('Insufficient funds');
    const noAccounts = await quoteOwn(a.session.cookie, { amount: '1.00' });
    expect(noAccounts.statusCode).toBe(400);
    expect(noAccounts.json().errors).toMatchObject({ fromAccountId: 'fromAccountId is required', toAccountId: 'toAccountId is required' });
    expect(await ledgerBalance(t, primary.ledgerAccountId)).toBe('1000');
  });

  it('answers another customer’s account, and an id that names none, as not found', async () => {
    const a = await approvedCustomer(t.app, { funded: '50.00' });
    const stranger = await approvedCustomer(t.app, { staff: a.staff });
    const primary = await primaryAccountOf(t, a.id);
    const theirs = await primaryAccountOf(t, stranger.id);
    for (const payload of [
      { fromAccountId: primary.id, toAccountId: theirs.id, amount: '1.00' },
      { fromAccountId: theirs.id, toAccountId: primary.id, amount: '1.00' },
      { fromAccountId: primary.id, toAccountId: randomUUID(), amount: '1.00' },
    ]) {
      const res = await move(keyed(a.session.headers), payload);
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 404, error: 'Account not found' });
    }
    expect((await quoteOwn(a.session.cookie, { fromAccountId: theirs.id, toAccountId: primary.id, amount: '1.00' })).statusCode).toBe(404);
    expect(await ledgerBalance(t, primary.ledgerAccountId)).toBe('5000');
    expect(await ledgerBalance(t, theirs.ledgerAccountId)).toBe('0');
  });

  it('refuses to pay out of a frozen or closed account and into a closed one; a frozen account still receives', async () => {
    const a = await approvedCustomer(t.app, { funded: '50.00' });
    const primary = await primaryAccountOf(t, a.id);
    const savings = await openSecondAccount(t, a.id);
    await setAccountStatus(t, savings.id, 'frozen');
    const into = await move(keyed(a.session.headers), { fromAccountId: primary.id, toAccountId: savings.id, amount: '5.00' });
    expect(into.statusCode).toBe(201);
    const outOf = await move(keyed(a.session.headers), { fromAccountId: savings.id, toAccountId: primary.id, amount: '1.00' });
    expect(outOf.statusCode).toBe(403);
    expect(outOf.json().error).toBe('This account is frozen: money cannot leave it. Please contact us');

    const spare = await openSecondAccount(t, a.id);
    await setAccountStatus(t, spare.id, 'closed');
    const toClosed = await move(keyed(a.session.headers), { fromAccountId: primary.id, toAccountId: spare.id, amount: '1.00' });
    expect(toClosed.statusCode).toBe(403);
    expect(toClosed.json().error).toBe('This account is closed');
    const fromClosed = await move(keyed(a.session.headers), { fromAccountId: spare.id, toAccountId: primary.id, amount: '1.00' });
    expect(fromClosed.statusCode).toBe(403);
    expect(await ledgerBalance(t, primary.ledgerAccountId)).toBe('4500');
    expect(await ledgerBalance(t, savings.ledgerAccountId)).toBe('500');
  });

  it('keeps the quote’s other kinds as they were, and quotes them from a named account in its currency', async () => {
    const a = await approvedCustomer(t.app, { funded: '50.00' });
    const euros = await openSecondAccount(t, a.id, 'EUR');
    const plain = await t.app.inject({ method: 'GET', url: '/v1/transfer/quote?type=local&amount=10.00', headers: { cookie: a.session.cookie } });
    expect(plain.json()).toMatchObject({ currency: 'USD', amount: '10.00' });
    const fromEuros = await t.app.inject({ method: 'GET', url: `/v1/transfer/quote?type=same&amount=10.00&accountId=${euros.id}`, headers: { cookie: a.session.cookie } });
    expect(fromEuros.json()).toMatchObject({ currency: 'EUR', amount: '10.00', fee: '0.00' });
    const mixed = await t.app.inject({ method: 'GET', url: `/v1/transfer/quote?type=same&amount=10.00&fromAccountId=${euros.id}`, headers: { cookie: a.session.cookie } });
    expect(mixed.statusCode).toBe(400);
  });
});
