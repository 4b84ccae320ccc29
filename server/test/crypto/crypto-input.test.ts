import { approvedCustomer, createTestApp, login, pngDataUrl, registerCustomer, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { seedCryptoOptions } from '../../src/modules/crypto/crypto.service';
import { buy, decideRequest, holdCrypto, sell, uniquePng } from './crypto-fixtures';

const TYPE_MESSAGE = 'Please upload an image file';
const SIZE_MESSAGE = 'File size must be less than 5MB';

describe('crypto routes: bad input, ownership and roles', () => {
  let t: TestApp;
  let staff: Session;
  let customer: Awaited<ReturnType<typeof approvedCustomer>>;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCryptoOptions(t.app.db.manager);
    staff = await staffSession(t.app);
    customer = await approvedCustomer(t.app, { staff });
    await holdCrypto(t.app, customer.session, staff, 'BTC', '0.05');
  });
  afterAll(() => t.close());

  describe('POST /v1/crypto/buy', () => {
    it('judges the receipt by its bytes, whatever its declared type', async () => {
      const res = await buy(t.app, customer.session, { files: [{ field: 'receipt', bytes: Buffer.from('%PDF-1.7 not an image'), type: 'image/png', name: 'receipt.png' }] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: TYPE_MESSAGE, errors: { receipt: TYPE_MESSAGE } });
      const gif = await buy(t.app, customer.session, { files: [{ field: 'receipt', bytes: Buffer.from('GIF89a\x01\x00\x01\x00'), type: 'image/gif' }] });
      expect(gif.json().errors).toEqual({ receipt: TYPE_MESSAGE });
    });

    it('refuses a 6 MB receipt with the spec message', async () => {
      const big = Buffer.concat([uniquePng(), Buffer.alloc(6 * 1024 * 1024, 1)]);
      const res = await buy(t.app, customer.session, { files: [{ field: 'receipt', bytes: big }] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: SIZE_MESSAGE, errors: { receipt: SIZE_MESSAGE } });
    });

    it('needs a receipt, refuses unknown fields and files, and a receipt used before', async () => {
      const none = await buy(t.app, customer.session, { files: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors).toEqual({ receipt: 'Please upload the payment receipt' });
      const extra = await buy(t.app, customer.session, { fields: { crypto: 'BTC', amount: '0.1', icon: 'btc' } });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().errors).toEqual({ icon: 'Unknown field: icon' });
      const otherFile = await buy(t.app, customer.session, { files: [{ field: 'photo', bytes: uniquePng() }] });
      expect(otherFile.statusCode).toBe(400);
      expect(otherFile.json().error).toBe('Unknown field: photo');

      const receipt = uniquePng();
      expect((await buy(t.app, customer.session, { files: [{ field: 'receipt', bytes: receipt }] })).statusCode).toBe(201);
      const twice = await buy(t.app, customer.session, { files: [{ field: 'receipt', bytes: receipt }] });
      expect(twice.statusCode).toBe(409);
    });

    it('checks the asset, the amount limits and the network', async () => {
      const cases: [Record<string, string>, Record<string, string>][] = [
        [{ crypto: '', amount: '0.1' }, { crypto: 'Please select a cryptocurrency' }],
        [{ crypto: 'DOGE', amount: '0.1' }, { crypto: 'Please select a cryptocurrency' }],
        [{ crypto: 'BTC', amount: '0' }, { amount: 'Amount must be greater than 0' }],
        [{ crypto: 'BTC', amount: '-1' }, { amount: 'Amount must be greater than 0' }],
        [{ crypto: 'BTC', amount: '0.0000001' }, { amount: 'Amount can have at most 6 decimal places' }],
        [{ crypto: 'BTC', amount: '1000000.000001' }, { amount: 'Amount must be at most 1,000,000' }],
        [{ crypto: 'BTC', amount: 'abc' }, { amount: 'Enter an amount' }],
        [{ crypto: 'BTC', amount: '0.1', network: 'Ethereum (ERC-20)' }, { network: 'BTC is held on the Bitcoin network only' }],
      ];
      for (const [fields, errors] of cases) {
        const res = await buy(t.app, customer.session, { fields });
        expect([res.statusCode, res.json().errors]).toEqual([400, errors]);
      }
      const smallest = await buy(t.app, customer.session, { fields: { crypto: 'USDT', amount: '0.000001' } });
      expect(smallest.statusCode).toBe(201);
      expect(smallest.json().request.amount).toBe('0.000001');
    });

    it('takes JSON with the receipt as a data URL too', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/crypto/buy', headers: customer.session.headers, payload: { crypto: 'SOL', amount: '3.25', receipt: pngDataUrl(uniquePng()) } });
      expect(res.statusCode).toBe(201);
      expect(res.json().request).toMatchObject({ symbol: 'SOL', amount: '3.25', network: 'Solana' });
    });
  });

  describe('POST /v1/crypto/sell', () => {
    it('checks the address, the network, the amount and unknown fields', async () => {
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ address: 'short' }, { address: 'Wallet address is required' }],
        [{ address: 'bc1q with spaces 000000' }, { address: 'Enter a valid wallet address (letters and digits only)' }],
        [{ network: '' }, { network: 'Network is required' }],
        [{ network: 'Solana' }, { network: 'BTC is held on the Bitcoin network only' }],
        [{ amount: '0' }, { amount: 'Amount must be greater than 0' }],
        [{ amount: -0.1 }, { amount: 'Amount must be greater than 0' }],
        [{ amount: '0.0500001' }, { amount: 'Amount can have at most 6 decimal places' }],
        [{ fee: '0' }, { fee: 'Unknown field: fee' }],
        [{ address: 'bc1qstrongroomcustody0demo0address0btc0x' }, { address: 'Enter the address of the wallet you are sending to' }],
      ];
      for (const [body, errors] of cases) {
        const res = await sell(t.app, customer.session, { crypto: 'BTC', amount: '0.01', ...body });
        expect([res.statusCode, res.json().errors]).toEqual([400, errors]);
      }
    });

    it('is refused while the account is frozen (no payment leaves a frozen account)', async () => {
      const c = await approvedCustomer(t.app, { staff });
      await holdCrypto(t.app, c.session, staff, 'BTC', '0.01');
      const freeze = await t.app.inject({ method: 'POST', url: '/v1/account/freeze', headers: c.session.headers, payload: {} });
      expect(freeze.statusCode).toBe(200);
      const res = await sell(t.app, c.session, { crypto: 'BTC', amount: '0.001' });
      expect(res.statusCode).toBe(403);
    });
  });

  it("ownership: another customer's request and receipt are 404s, like missing ones", async () => {
    const deposit = (await buy(t.app, customer.session)).json().request;
    const other = await approvedCustomer(t.app, { staff });
    for (const url of [`/v1/crypto/requests/${deposit.id}`, deposit.receipt]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: other.session.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Crypto request not found' });
    }
    const missing = await t.app.inject({ method: 'GET', url: '/v1/crypto/requests/00000000-0000-4000-8000-000000000000', headers: { cookie: other.session.cookie } });
    expect(missing.json()).toEqual({ success: false, error: 'Crypto request not found' });
    const malformed = await t.app.inject({ method: 'GET', url: '/v1/crypto/requests/not-a-uuid', headers: { cookie: other.session.cookie } });
    expect(malformed.statusCode).toBe(404);
    // Nor does the shared files route serve it.
    const [{ receipt_file_id: fileId }] = await t.app.db.query(`SELECT receipt_file_id FROM crypto_requests WHERE id = $1`, [deposit.id]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/files/${fileId}`, headers: { cookie: other.session.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/crypto/requests', headers: { cookie: other.session.cookie } })).json().total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/v1/crypto', headers: { cookie: other.session.cookie } })).json().cryptoAssets).toEqual([]);
  });

  it('role matrix: customers never decide or list for staff; auditors read but never decide; admins decide', async () => {
    const deposit = (await buy(t.app, customer.session)).json().request;
    const auditor = await staffSession(t.app, 'auditor');
    const approve = { method: 'PATCH' as const, url: `/v1/crypto/${deposit.id}/approve`, payload: {} };
    const reject = { method: 'PATCH' as const, url: `/v1/crypto/${deposit.id}/reject`, payload: { reason: 'No' } };
    expect((await t.app.inject({ ...approve, headers: customer.session.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ ...reject, headers: customer.session.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/crypto-requests', headers: { cookie: customer.session.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ ...approve, headers: auditor.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ ...reject, headers: auditor.headers })).statusCode).toBe(403);
    expect((await t.app.inject(approve)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/crypto' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: deposit.receipt })).statusCode).toBe(401);

    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/crypto-requests?filter=${encodeURIComponent(JSON.stringify({ status: 'pending', customerId: customer.id }))}`,
      headers: { cookie: auditor.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toMatch(/^crypto-requests 0-\d+\/\d+$/);
    expect(list.json().map((r: { id: string }) => r.id)).toContain(deposit.id);
    expect(list.json()[0]).toMatchObject({ customerId: customer.id, customerAccountNumber: customer.accountNumber });
    const show = await t.app.inject({ method: 'GET', url: `/v1/admin/crypto-requests/${deposit.id}`, headers: { cookie: auditor.cookie } });
    expect(show.json()).toMatchObject({ id: deposit.id, kind: 'deposit', receipt: deposit.receipt, status: 'pending', firstApproval: null });
    expect((await t.app.inject({ method: 'GET', url: deposit.receipt, headers: { cookie: auditor.cookie } })).statusCode).toBe(200);

    const queue = await t.app.inject({ method: 'GET', url: '/v1/admin/review-queue', headers: { cookie: auditor.cookie } });
    const crypto = queue.json().queues.find((q: { resource: string }) => q.resource === 'crypto-requests');
    expect(crypto.pending).toBeGreaterThanOrEqual(1);

    expect(await decideRequest(t.app, staff, deposit.id, 'reject', 'Receipt does not match the chain')).toMatchObject({ status: 'rejected' });
    const noReason = await t.app.inject({ method: 'PATCH', url: `/v1/crypto/${(await buy(t.app, customer.session)).json().request.id}/reject`, headers: staff.headers, payload: {} });
    expect(noReason.statusCode).toBe(400);
  });

  it('an applicant not yet approved cannot deposit or withdraw', async () => {
    const applicant = await registerCustomer(t.app);
    const session = await login(t.app, applicant.accountNumber, applicant.password as string);
    expect((await buy(t.app, session)).statusCode).toBe(403);
    expect((await sell(t.app, session, { crypto: 'BTC', amount: '0.1' })).statusCode).toBe(403);
  });
});
