import { seedCryptoOptions } from '../../src/modules/crypto/crypto.service';
import { approvedCustomer, createTestApp, staffSession, type Session, type TestApp } from '../helpers/test-app';

const FULL = { referencePriceUsd: '65000.50', networkFee: '0.00004', address: 'bc1qstrongroomnewcustodyaddress0000000001', enabled: true };

describe('staff-maintained crypto options: GET/PUT/PATCH /v1/admin/crypto-options', () => {
  let t: TestApp;
  let admin: Session;
  let auditor: Session;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCryptoOptions(t.app.db.manager);
    admin = await staffSession(t.app, 'admin');
    auditor = await staffSession(t.app, 'auditor');
  });
  afterAll(() => t.close());

  const write = (method: 'PUT' | 'PATCH', session: Session, id: string, payload: unknown) =>
    t.app.inject({ method, url: `/v1/admin/crypto-options/${id}`, headers: session.headers, payload: payload as object });

  it('lists the options to any staff member (price as money, fee in units); customers are refused', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/v1/admin/crypto-options?sort=["referencePriceUsd","DESC"]&range=[0,1]', headers: { cookie: auditor.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('crypto-options 0-1/5');
    expect(list.json()).toEqual([
      expect.objectContaining({ id: 'BTC', name: 'Bitcoin', referencePriceUsd: '64250.00', networkFee: '0.00005', enabled: true, updatedBy: 'seed' }),
      expect.objectContaining({ id: 'ETH', referencePriceUsd: '3120.00', networkFee: '0.0012' }),
    ]);
    const one = await t.app.inject({ method: 'GET', url: '/v1/admin/crypto-options/SOL', headers: { cookie: auditor.cookie } });
    expect(one.json()).toMatchObject({ id: 'SOL', network: 'Solana', history: [] });
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/crypto-options/DOGE', headers: { cookie: auditor.cookie } })).json()).toEqual({ success: false, error: 'Crypto option not found' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/crypto-options/b%20tc', headers: { cookie: auditor.cookie } })).statusCode).toBe(404);
    const customer = await approvedCustomer(t.app, { staff: admin });
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/crypto-options', headers: { cookie: customer.session.cookie } })).statusCode).toBe(403);
    expect((await write('PUT', customer.session, 'BTC', FULL)).statusCode).toBe(403);
    expect((await write('PATCH', customer.session, 'BTC', { enabled: false })).statusCode).toBe(403);
  });

  it('refuses auditors with 403 on every write', async () => {
    expect((await write('PUT', auditor, 'BTC', FULL)).statusCode).toBe(403);
    expect((await write('PATCH', auditor, 'BTC', { enabled: false })).statusCode).toBe(403);
    expect((await write('PATCH', auditor, 'BTC', { unknown: 1 })).statusCode).toBe(403);
    expect(await t.app.db.query(`SELECT * FROM reference_data_changes`)).toEqual([]);
  });

  it('refuses bad input with the form messages', async () => {
    const put = await write('PUT', admin, 'LTC', { referencePriceUsd: '0', networkFee: '-1', address: '  ', enabled: 'yes', icon: 'x' });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors).toEqual({
      referencePriceUsd: 'Price must be at least $0.01',
      networkFee: 'Fee must be a number of units with at most 8 decimals',
      address: 'Deposit address is required',
      enabled: 'Enabled must be true or false',
      icon: 'Unknown field: icon',
    });
    const missing = await write('PUT', admin, 'LTC', {});
    expect(missing.json().errors).toMatchObject({ referencePriceUsd: 'Enter an amount', networkFee: 'Fee is required', address: 'Deposit address is required', enabled: 'Enabled is required' });
    const cases: [unknown, Record<string, string>][] = [
      [{ referencePriceUsd: '12.345' }, { referencePriceUsd: 'Amount can have at most 2 decimal places' }],
      [{ referencePriceUsd: 'abc' }, { referencePriceUsd: 'Enter an amount' }],
      [{ networkFee: '0.000000001' }, { networkFee: 'Fee must be a number of units with at most 8 decimals' }],
      [{ networkFee: 0.1 }, { networkFee: 'Fee must be a decimal string such as 0.0005' }],
      [{ address: 'two words' }, { address: 'Deposit address must not contain spaces' }],
      [{ address: 'a'.repeat(121) }, { address: 'Deposit address must be at most 120 characters' }],
      [{ address: 'bc1\u0000q' }, { address: 'Deposit address must not contain control characters' }],
      [{ enabled: false, reason: 'a\u0000b' }, { reason: 'Reason must not contain control characters' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await write('PATCH', admin, 'LTC', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject(errors);
    }
    expect((await write('PATCH', admin, 'LTC', {})).json()).toMatchObject({ success: false, error: 'Nothing to change' });
    expect((await write('PATCH', admin, 'DOGE', { enabled: false })).statusCode).toBe(404);
    expect(await t.app.db.query(`SELECT * FROM reference_data_changes`)).toEqual([]);
  });

  it('changes price, fee, address and enabled, keeping the previous values and auditing; customers see the result', async () => {
    const customer = await approvedCustomer(t.app, { staff: admin });
    const put = await write('PUT', admin, 'BTC', { ...FULL, reason: 'Weekly review' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ success: true, message: 'Bitcoin updated', ...FULL, changedFields: ['referencePriceUsd', 'networkFee', 'address'] });
    const patch = await write('PATCH', admin, 'BTC', { enabled: false });
    expect(patch.json()).toMatchObject({ enabled: false, referencePriceUsd: '65000.50', changedFields: ['enabled'] });
    expect((await write('PATCH', admin, 'BTC', { enabled: false, networkFee: '0.000040' })).json()).toMatchObject({ message: 'No change', changedFields: [] });

    const offered = (await t.app.inject({ method: 'GET', url: '/v1/crypto/options', headers: { cookie: customer.session.cookie } })).json().cryptoOptions;
    expect(offered.map((o: { symbol: string }) => o.symbol)).not.toContain('BTC');
    await write('PATCH', admin, 'BTC', { enabled: true });
    const again = (await t.app.inject({ method: 'GET', url: '/v1/crypto/options', headers: { cookie: customer.session.cookie } })).json().cryptoOptions;
    expect(again.find((o: { symbol: string }) => o.symbol === 'BTC')).toMatchObject({ referencePriceUsd: '65000.50', networkFee: '0.00004', address: FULL.address });

    const shown = (await t.app.inject({ method: 'GET', url: '/v1/admin/crypto-options/BTC', headers: { cookie: auditor.cookie } })).json();
    expect(shown.history.map((h: { changedFields: string[] }) => h.changedFields)).toEqual([['enabled'], ['enabled'], ['referencePriceUsd', 'networkFee', 'address']]);
    expect(shown.history[2]).toMatchObject({
      previous: { referencePriceUsd: '64250.00', networkFee: '0.00005', address: 'bc1qstrongroomcustody0demo0address0btc0x' },
      current: { referencePriceUsd: '65000.50', networkFee: '0.00004', address: FULL.address },
      reason: 'Weekly review',
    });
    expect(shown.history[1]).toMatchObject({ previous: { enabled: true }, current: { enabled: false } });
    const [{ reference_price_usd_minor }] = await t.app.db.query(`SELECT reference_price_usd_minor::text FROM crypto_options WHERE symbol = 'BTC'`);
    expect(reference_price_usd_minor).toBe('6500050');
    const audit = await t.app.db.query(`SELECT action, target_type, reason, details FROM audit_log WHERE target_id = 'BTC' ORDER BY id`);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['crypto_option.update', 'crypto_option.update', 'crypto_option.update']);
    expect(audit[0]).toMatchObject({ target_type: 'crypto_option', reason: 'Weekly review', details: { previous: { referencePriceUsd: '64250.00' }, current: { referencePriceUsd: '65000.50' } } });
  });
});
