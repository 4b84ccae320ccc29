import { approvedCustomer, createTestApp, lastMail, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { seedCryptoOptions } from '../../src/modules/crypto/crypto.service';
import { buy, decideRequest, expectLedgerInvariants, holdCrypto, portfolio, sell, uniqueJpeg, units } from './crypto-fixtures';

describe('crypto wallet: custody deposits and withdrawals', () => {
  let t: TestApp;
  let staff: Session;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCryptoOptions(t.app.db.manager);
    staff = await staffSession(t.app);
  });
  afterAll(() => t.close());

  it('a deposit waits for staff with its receipt, credits nothing until approved, then holds the units', async () => {
    const c = await approvedCustomer(t.app, { staff });
    const receipt = uniqueJpeg();
    const res = await buy(t.app, c.session, { fields: { crypto: 'BTC', amount: '0.015', network: 'Bitcoin' }, files: [{ field: 'receipt', bytes: receipt, type: 'image/jpeg' }] });
    expect(res.statusCode).toBe(201);
    const { request, message } = res.json();
    expect(message).toBe('Receipt uploaded successfully');
    expect(request).toMatchObject({
      kind: 'deposit',
      crypto: 'Bitcoin',
      symbol: 'BTC',
      amount: '0.015',
      networkFee: '0',
      network: 'Bitcoin',
      address: 'bc1qstrongroomcustody0demo0address0btc0x',
      referencePriceUsd: '64250.00',
      valueUsd: '963.75',
      status: 'pending',
      reason: null,
      receipt: `/v1/crypto/requests/${request.id}/receipt`,
    });
    expect(request.timeline).toEqual([expect.objectContaining({ status: 'pending', by: 'you' })]);
    expect(await units(t.app, { customerId: c.id, symbol: 'BTC' })).toBe(0n);
    expect((await portfolio(t.app, c.session)).cryptoAssets).toEqual([]);

    const image = await t.app.inject({ method: 'GET', url: request.receipt, headers: { cookie: c.session.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(receipt)).toBe(true);
    const staffImage = await t.app.inject({ method: 'GET', url: request.receipt, headers: { cookie: staff.cookie } });
    expect(staffImage.statusCode).toBe(200);

    const decided = await decideRequest(t.app, staff, request.id, 'approve');
    expect(decided).toMatchObject({ success: true, status: 'approved', message: 'Crypto deposit approved' });
    // Units of 10^-8 BTC (satoshis): 0.015 BTC.
    expect(await units(t.app, { customerId: c.id, symbol: 'BTC' })).toBe(1_500_000n);
    expect(await units(t.app, { code: 'crypto_custody:BTC' })).toBeLessThanOrEqual(-1_500_000n);
    expect((await lastMail(t.app, c.email as string)).bodyText).toContain('deposit of 0.015 BTC was approved');

    const wallet = await portfolio(t.app, c.session);
    expect(wallet).toMatchObject({ totalValueUsd: '963.75', totalValue: '963.75', currency: 'USD', holdings: 1 });
    expect(wallet.cryptoAssets).toEqual([expect.objectContaining({ crypto: 'Bitcoin', symbol: 'BTC', amount: '0.015', available: '0.015', reserved: '0', valueUsd: '963.75', networkFee: '0.00005' })]);
    const dashboard = await t.app.inject({ method: 'GET', url: '/v1/dashboard/summary', headers: { cookie: c.session.cookie } });
    expect(dashboard.json().counts.cryptoAssets).toBe(1);
    // Crypto is never money: the account balance and the transaction list are untouched.
    expect(dashboard.json().balance).toBe('0.00');
    expect(dashboard.json().counts.transactions).toBe(0);
  });

  it('values holdings in the account currency through the FX table', async () => {
    const c = await approvedCustomer(t.app, { staff, currency: 'EUR' });
    await holdCrypto(t.app, c.session, staff, 'ETH', '2');
    await holdCrypto(t.app, c.session, staff, 'USDT', '100.5');
    const wallet = await portfolio(t.app, c.session);
    // 2 ETH x $3,120 + 100.5 USDT x $1 = $6,340.50; at 0.92 EUR per USD = EUR 5,833.26.
    expect(wallet).toMatchObject({ totalValueUsd: '6340.50', totalValue: '5833.26', currency: 'EUR', rate: '0.92', holdings: 2 });
    expect(wallet.cryptoAssets.map((a: { symbol: string; value: string }) => [a.symbol, a.value])).toEqual([
      ['ETH', '5740.80'],
      ['USDT', '92.46'],
    ]);
  });

  it('a withdrawal reserves the amount and its fee from the holding; approval sends them to custody and the fee account', async () => {
    const c = await approvedCustomer(t.app, { staff });
    await holdCrypto(t.app, c.session, staff, 'BTC', '0.01');
    const custodyBefore = await units(t.app, { code: 'crypto_custody:BTC' });
    const feesBefore = await units(t.app, { code: 'fee_income:BTC' });
    const res = await sell(t.app, c.session, { crypto: 'BTC', amount: '0.004' });
    expect(res.statusCode).toBe(201);
    const { request } = res.json();
    expect(request).toMatchObject({ kind: 'withdrawal', amount: '0.004', networkFee: '0.00005', total: '0.00405', status: 'pending', receipt: null });
    expect((await lastMail(t.app, c.email as string)).bodyText).toContain(`A withdrawal of 0.004 BTC (network fee 0.00005 BTC) to ${request.address} was requested`);
    // 0.01 - 0.004 - 0.00005 = 0.00595 available; 0.00405 reserved.
    expect(await units(t.app, { customerId: c.id, symbol: 'BTC' })).toBe(595_000n);
    expect((await portfolio(t.app, c.session)).cryptoAssets[0]).toMatchObject({ available: '0.00595', reserved: '0.00405', valueUsd: '642.50' });

    await decideRequest(t.app, staff, request.id, 'approve');
    expect(await units(t.app, { customerId: c.id, symbol: 'BTC' })).toBe(595_000n);
    expect((await units(t.app, { code: 'crypto_custody:BTC' })) - custodyBefore).toBe(400_000n);
    expect((await units(t.app, { code: 'fee_income:BTC' })) - feesBefore).toBe(5_000n);
    expect((await portfolio(t.app, c.session)).cryptoAssets[0]).toMatchObject({ available: '0.00595', reserved: '0' });
    await expectLedgerInvariants(t.app);
  });

  it('a rejected withdrawal returns every reserved unit, fee included; a rejected deposit credits nothing', async () => {
    const c = await approvedCustomer(t.app, { staff });
    await holdCrypto(t.app, c.session, staff, 'BTC', '0.01');
    // Everything: 0.00995 plus the 0.00005 fee.
    const w = (await sell(t.app, c.session, { crypto: 'BTC', amount: '0.00995', address: 'bc1qsomeoneelse00000000000000000000000002' })).json().request;
    expect(await units(t.app, { customerId: c.id, symbol: 'BTC' })).toBe(0n);
    expect(await decideRequest(t.app, staff, w.id, 'reject', 'Destination address is on a sanctions list')).toMatchObject({ status: 'rejected', message: 'Crypto withdrawal rejected' });
    expect(await units(t.app, { customerId: c.id, symbol: 'BTC' })).toBe(1_000_000n);
    const shown = (await t.app.inject({ method: 'GET', url: `/v1/crypto/requests/${w.id}`, headers: { cookie: c.session.cookie } })).json().request;
    expect(shown).toMatchObject({ status: 'rejected', reason: 'Destination address is on a sanctions list' });
    expect(shown.timeline.map((e: { status: string; by: string }) => [e.status, e.by])).toEqual([
      ['pending', 'you'],
      ['rejected', 'Strongroom'],
    ]);

    const d = (await buy(t.app, c.session, { fields: { crypto: 'ETH', amount: '1' } })).json().request;
    await decideRequest(t.app, staff, d.id, 'reject', 'No such transaction on the chain');
    expect(await units(t.app, { customerId: c.id, symbol: 'ETH' })).toBe(0n);
    const list = (await t.app.inject({ method: 'GET', url: '/v1/crypto/requests', headers: { cookie: c.session.cookie } })).json();
    expect(list.items.map((r: { kind: string; status: string }) => `${r.kind}:${r.status}`)).toEqual(['deposit:rejected', 'withdrawal:rejected', 'deposit:approved']);
    expect(list.total).toBe(3);
  });

  it('refuses a withdrawal larger than the holding less its fee, with both figures', async () => {
    const c = await approvedCustomer(t.app, { staff });
    await holdCrypto(t.app, c.session, staff, 'BTC', '0.01');
    const all = await sell(t.app, c.session, { crypto: 'BTC', amount: '0.01' });
    expect(all.statusCode).toBe(400);
    expect(all.json()).toEqual({
      success: false,
      error: 'Not enough BTC in your wallet: this withdrawal needs 0.01005 BTC including the network fee, and 0.01 BTC is available',
      errors: { amount: 'Not enough BTC in your wallet: this withdrawal needs 0.01005 BTC including the network fee, and 0.01 BTC is available' },
    });
    expect((await sell(t.app, c.session, { crypto: 'BTC', amount: '0.00995' })).statusCode).toBe(201);
    const again = await sell(t.app, c.session, { crypto: 'BTC', amount: '0.000001' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.amount).toBe('Not enough BTC in your wallet: this withdrawal needs 0.000051 BTC including the network fee, and 0 BTC is available');
    const none = await sell(t.app, c.session, { crypto: 'ETH', amount: '1' });
    expect(none.statusCode).toBe(400);
  });

  it('large deposits need a second admin (four eyes on their USD value)', async () => {
    const c = await approvedCustomer(t.app, { staff });
    const d = (await buy(t.app, c.session, { fields: { crypto: 'BTC', amount: '1' } })).json().request;
    expect(await decideRequest(t.app, staff, d.id, 'approve')).toMatchObject({ status: 'awaiting_second_approval', awaitingSecondApproval: true });
    expect(await units(t.app, { customerId: c.id, symbol: 'BTC' })).toBe(0n);
    const same = await t.app.inject({ method: 'PATCH', url: `/v1/crypto/${d.id}/approve`, headers: staff.headers, payload: {} });
    expect(same.statusCode).toBe(409);
    await decideRequest(t.app, await staffSession(t.app), d.id, 'approve');
    expect(await units(t.app, { customerId: c.id, symbol: 'BTC' })).toBe(100_000_000n);
  });

  it('repeated and contrary decisions', async () => {
    const c = await approvedCustomer(t.app, { staff });
    const d = (await buy(t.app, c.session)).json().request;
    await decideRequest(t.app, staff, d.id, 'approve');
    expect(await decideRequest(t.app, staff, d.id, 'approve')).toMatchObject({ status: 'approved' });
    expect(await units(t.app, { customerId: c.id, symbol: 'BTC' })).toBe(1_000_000n);
    const contrary = await t.app.inject({ method: 'PATCH', url: `/v1/crypto/${d.id}/reject`, headers: staff.headers, payload: { reason: 'Changed my mind' } });
    expect(contrary.statusCode).toBe(409);
    expect(contrary.json().success).toBe(false);
  });
});
