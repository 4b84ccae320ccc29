import { internationalTransfer } from '../helpers/transfer-payloads';
import { approvedCustomer, codeIn, createTestApp, lastMail, staffSession, type Session, type TestApp } from '../helpers/test-app';

/** Paid in euros unless the test says otherwise. */
const intl = (overrides: Record<string, unknown> = {}) => internationalTransfer({ currency: 'EUR', ...overrides });

describe('staff-maintained FX rates: GET/PUT/PATCH /v1/admin/fx-rates', () => {
  let t: TestApp;
  let admin: Session;
  let auditor: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t.app, 'admin');
    auditor = await staffSession(t.app, 'auditor');
  });
  afterAll(() => t.close());

  const put = (session: Session, id: string, payload: unknown) => t.app.inject({ method: 'PUT', url: `/v1/admin/fx-rates/${id}`, headers: session.headers, payload: payload as object });

  it('lists every pair to any staff member as a simple-rest list; customers and strangers are refused', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/v1/admin/fx-rates?range=[0,9]&filter={"base":"EUR"}', headers: { cookie: auditor.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('fx-rates 0-5/6');
    const eurUsd = list.json().find((r: { id: string }) => r.id === 'EUR-USD');
    expect(eurUsd).toMatchObject({ base: 'EUR', quote: 'USD', rate: '1.08695652', rateText: '1 EUR = 1.0870 USD', updatedBy: 'seed' });
    const all = await t.app.inject({ method: 'GET', url: '/v1/admin/fx-rates?sort=["rate","DESC"]&range=[0,99]', headers: { cookie: admin.cookie } });
    expect(all.headers['content-range']).toBe('fx-rates 0-41/42');
    const rates = all.json().map((r: { rate: string }) => Number(r.rate));
    expect(rates).toEqual([...rates].sort((x, y) => y - x));
    expect(all.json()[0]).toMatchObject({ id: 'GBP-JPY', rate: '191.39240506' });
    const one = await t.app.inject({ method: 'GET', url: '/v1/admin/fx-rates/GBP-CHF', headers: { cookie: auditor.cookie } });
    expect(one.json()).toMatchObject({ id: 'GBP-CHF', history: [] });
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/fx-rates/GBP-XYZ', headers: { cookie: auditor.cookie } })).json()).toEqual({ success: false, error: 'FX rate not found' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/fx-rates/gbp', headers: { cookie: auditor.cookie } })).statusCode).toBe(404);

    const customer = await approvedCustomer(t.app, { staff: admin });
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/fx-rates', headers: { cookie: customer.session.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/fx-rates' })).statusCode).toBe(401);
  });

  it('lets only admins change a rate: auditors and customers get 403, before any validation', async () => {
    const customer = await approvedCustomer(t.app, { staff: admin });
    expect((await put(auditor, 'GBP-USD', { rate: '1.3' })).statusCode).toBe(403);
    expect((await put(auditor, 'GBP-USD', { nonsense: true })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: '/v1/admin/fx-rates/GBP-USD', headers: auditor.headers, payload: { rate: '1.3' } })).statusCode).toBe(403);
    expect((await put(customer.session, 'GBP-USD', { rate: '1.3' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/v1/admin/fx-rates/GBP-USD', payload: { rate: '1.3' } })).statusCode).toBe(401);
    const [row] = await t.app.db.query(`SELECT rate::text FROM fx_rates WHERE base = 'GBP' AND quote = 'USD'`);
    expect(row.rate).toBe('1.26582278');
    expect(await t.app.db.query(`SELECT * FROM reference_data_changes WHERE record_key = 'GBP-USD'`)).toEqual([]);
  });

  it('refuses bad input with the form messages', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { rate: 'Rate is required' }],
      [{ rate: '' }, { rate: 'Rate is required' }],
      [{ rate: '0' }, { rate: 'Rate must be greater than 0' }],
      [{ rate: '0.00000000' }, { rate: 'Rate must be greater than 0' }],
      [{ rate: '-1.2' }, { rate: 'Rate must be a number with at most 8 decimals' }],
      [{ rate: '1.123456789' }, { rate: 'Rate must be a number with at most 8 decimals' }],
      [{ rate: '1e3' }, { rate: 'Rate must be a number with at most 8 decimals' }],
      [{ rate: 1.2 }, { rate: 'Rate must be a decimal string such as 1.0870' }],
      [{ rate: '1.2', base: 'USD' }, { base: 'Unknown field: base' }],
      [{ rate: '1.2', reason: 'x'.repeat(501) }, { reason: 'Reason must be at most 500 characters' }],
      [{ rate: '1.2', reason: 'bad\u0000byte' }, { reason: 'This field contains characters that are not allowed' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await put(admin, 'CAD-AUD', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors });
    }
    expect((await t.app.inject({ method: 'PUT', url: '/v1/admin/fx-rates/CAD-AUD', headers: { ...admin.headers, 'content-type': 'application/json' }, payload: '[]' })).statusCode).toBe(400);
    expect((await put(admin, 'CAD-XYZ', { rate: '1.2' })).json()).toEqual({ success: false, error: 'FX rate not found' });
    expect(await t.app.db.query(`SELECT * FROM reference_data_changes WHERE record_key = 'CAD-AUD'`)).toEqual([]);
  });

  // The history's ids are numbers: shown as text, '999' sorted after '1000' and an older change came first.
  it('shows the newest change first when its id has one digit more than the one before', async () => {
    await t.ownerQuery(`SELECT setval(pg_get_serial_sequence('reference_data_changes', 'id'), 998)`);
    expect((await put(admin, 'EUR-JPY', { rate: '160.5', reason: 'First' })).statusCode).toBe(200);
    expect((await put(admin, 'EUR-JPY', { rate: '161.5', reason: 'Second' })).statusCode).toBe(200);
    const shown = (await t.app.inject({ method: 'GET', url: '/v1/admin/fx-rates/EUR-JPY', headers: { cookie: auditor.cookie } })).json();
    expect(shown.history.map((change: { id: string; reason: string }) => `${change.id} ${change.reason}`)).toEqual(['1000 Second', '999 First']);
  });

  it('keeps every previous rate in an append-only history and audits each change', async () => {
    const first = await put(admin, 'USD-CHF', { rate: '0.9012', reason: 'Morning fixing' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'Rate updated: 1 USD = 0.9012 CHF', id: 'USD-CHF', rate: '0.9012', changedFields: ['rate'] });
    const second = await t.app.inject({ method: 'PATCH', url: '/v1/admin/fx-rates/USD-CHF', headers: admin.headers, payload: { rate: '0.91' } });
    expect(second.json()).toMatchObject({ rate: '0.91', rateText: '1 USD = 0.9100 CHF' });
    const same = await put(admin, 'USD-CHF', { rate: '0.910000' });
    expect(same.json()).toMatchObject({ success: true, message: 'No change: the rate is already that', changedFields: [] });

    const shown = (await t.app.inject({ method: 'GET', url: '/v1/admin/fx-rates/USD-CHF', headers: { cookie: auditor.cookie } })).json();
    expect(shown.updatedBy).toMatch(/^admin\./);
    expect(shown.history).toHaveLength(2);
    expect(shown.history[0]).toMatchObject({ changedFields: ['rate'], previous: { rate: '0.9012' }, current: { rate: '0.91' }, reason: null, by: shown.updatedBy });
    expect(shown.history[1]).toMatchObject({ previous: { rate: '0.88' }, current: { rate: '0.9012' }, reason: 'Morning fixing' });

    const audit = await t.app.db.query(`SELECT actor_type, actor_email, action, target_type, reason, details FROM audit_log WHERE target_id = 'USD-CHF' ORDER BY id`);
    expect(audit).toEqual([
      {
        actor_type: 'staff',
        actor_email: shown.updatedBy,
        action: 'fx_rate.update',
        target_type: 'fx_rate',
        reason: 'Morning fixing',
        details: { previous: { rate: '0.88' }, current: { rate: '0.9012' } },
      },
      { actor_type: 'staff', actor_email: shown.updatedBy, action: 'fx_rate.update', target_type: 'fx_rate', reason: null, details: { previous: { rate: '0.9012' }, current: { rate: '0.91' } } },
    ]);
    await expect(t.app.db.query(`UPDATE reference_data_changes SET reason = 'rewritten' WHERE record_key = 'USD-CHF'`)).rejects.toThrow(/append-only/);
    await expect(t.app.db.query(`DELETE FROM reference_data_changes WHERE record_key = 'USD-CHF'`)).rejects.toThrow(/append-only/);
  });

  it('honours the rate a payment was quoted at when the rate changes before it is confirmed; a new quote uses the new rate', async () => {
    const a = await approvedCustomer(t.app, { funded: '1000.00', staff: admin });
    const quoted = await t.app.inject({ method: 'GET', url: '/v1/transfer/quote?type=international&amount=100.00&currency=EUR', headers: { cookie: a.session.cookie } });
    expect(quoted.json()).toMatchObject({ rate: '1.08695652', amount: '108.70', paymentCurrency: 'EUR', convertedAmount: '100.00' });
    const start = await t.app.inject({ method: 'POST', url: '/v1/transfer/international', headers: a.session.headers, payload: intl() });
    expect(start.statusCode).toBe(201);
    const { transferId, summary } = start.json();
    expect(summary).toMatchObject({ rate: '1.08695652', amount: '108.70', fee: '15.00', total: '123.70', convertedAmount: '100.00', paymentCurrency: 'EUR' });

    expect((await put(admin, 'EUR-USD', { rate: '1.5', reason: 'Test shock' })).statusCode).toBe(200);
    const requoted = await t.app.inject({ method: 'GET', url: '/v1/transfer/quote?type=international&amount=100.00&currency=EUR', headers: { cookie: a.session.cookie } });
    expect(requoted.json()).toMatchObject({ rate: '1.5', amount: '150.00' });

    const code = codeIn((await lastMail(t.app, a.email as string)).bodyText);
    const verified = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, code } });
    expect(verified.json().summary).toMatchObject({ rate: '1.08695652', amount: '108.70', total: '123.70' });
    const paid = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, pin: '2468' } });
    expect(paid.json()).toMatchObject({ success: true, nextStep: 'success', summary: { rate: '1.08695652' }, transaction: { amount: '108.70', fees: '15.00' } });
    const [balance] = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [a.id]);
    expect(balance.balance_minor).toBe('87630');
    const [transfer] = await t.app.db.query(`SELECT rate::text, amount_minor::text FROM transfers WHERE id = $1`, [transferId]);
    expect(transfer).toEqual({ rate: '1.08695652', amount_minor: '10870' });
    const [tx] = await t.app.db.query(`SELECT metadata FROM transactions WHERE customer_id = $1 AND kind = 'transfer_international'`, [a.id]);
    expect(tx.metadata).toMatchObject({ rate: '1.08695652', paymentCurrency: 'EUR', paymentAmount: '100.00' });
  });
});
