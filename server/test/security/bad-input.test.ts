import { randomBytes } from 'node:crypto';
import { BAD_TEXT_MESSAGE } from '../../src/common/bad-text';
import { approvedCustomer, createTestApp, enrolmentPayload, staffSession, type Session, type TestApp } from '../helpers/test-app';

// Text PostgreSQL cannot store (NUL) or that is not Unicode (a lone surrogate) must be refused as bad input,
// where the request is read, never reach SQL and answer 500.
const NUL = 'abc\u0000def';
const LONE_SURROGATE = 'abc\ud800def';

describe('bad input is a 400, never a 500', () => {
  let t: TestApp;
  let sender: Awaited<ReturnType<typeof approvedCustomer>>;
  let recipient: Awaited<ReturnType<typeof approvedCustomer>>;
  let staff: Session;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffSession(t.app);
    sender = await approvedCustomer(t.app, { funded: '500.00', staff });
    recipient = await approvedCustomer(t.app, { staff });
  });
  afterAll(() => t.close());

  const expect400 = (res: { statusCode: number; json(): { success: boolean; error: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(typeof res.json().error).toBe('string');
  };

  async function journalCount(): Promise<number> {
    const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM journals`);
    return n;
  }

  describe.each([
    ['NUL', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])('text containing %s', (_name, bad) => {
    it('in the memo of a same-bank transfer', async () => {
      const before = await journalCount();
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/transfer/same',
        headers: sender.session.headers,
        payload: { recipientAccountNumber: recipient.accountNumber, amount: '1.00', memo: bad, pin: '2468' },
      });
      expect400(res);
      expect(res.json().errors).toEqual({ memo: BAD_TEXT_MESSAGE });
      // It never reached a same-bank batch.
      expect(await journalCount()).toBe(before);
    });

    it('in the account number of a same-bank transfer', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: sender.session.headers, payload: { recipientAccountNumber: `10000${bad}`, amount: '1.00', pin: '2468' } });
      expect400(res);
      expect(res.json().errors).toEqual({ recipientAccountNumber: BAD_TEXT_MESSAGE });
    });

    it('in the memo and account number of local and international transfers', async () => {
      const local = { recipientName: 'Sam Payee', recipientAccountNumber: `12345${bad}`, recipientBankName: 'Other Bank', routingNumber: '021000021', amount: '1.00', memo: bad };
      const localRes = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: sender.session.headers, payload: local });
      expect400(localRes);
      expect(localRes.json().error).toBe(BAD_TEXT_MESSAGE);
      const international = { ...local, recipientAccountNumber: `DE89${bad}`, swiftCode: 'DEUTDEFF', country: 'DE', currency: 'EUR' };
      const internationalRes = await t.app.inject({ method: 'POST', url: '/v1/transfer/international', headers: sender.session.headers, payload: international });
      expect400(internationalRes);
      expect(internationalRes.json().error).toBe(BAD_TEXT_MESSAGE);
    });

    it('in q of GET /v1/transaction', async () => {
      if (bad === NUL) {
        const res = await t.app.inject({ method: 'GET', url: `/v1/transaction?q=${encodeURIComponent(bad)}`, headers: sender.session.headers });
        expect400(res);
        expect(res.json().errors).toEqual({ q: BAD_TEXT_MESSAGE });
      } else {
        // A URL cannot carry a lone surrogate: its UTF-8-style bytes decode to U+FFFD, which is ordinary text.
        const res = await t.app.inject({ method: 'GET', url: '/v1/transaction?q=abc%ED%A0%80def', headers: sender.session.headers });
        expect(res.statusCode).toBe(200);
        expect(res.json().items).toEqual([]);
      }
    });

    it('in staff list filters', async () => {
      for (const resource of ['customers', 'transactions', 'outbox', 'audit-log']) {
        const filter = encodeURIComponent(JSON.stringify({ q: bad, to: bad }));
        const res = await t.app.inject({ method: 'GET', url: `/v1/admin/${resource}?filter=${filter}`, headers: staff.headers });
        expect400(res);
        expect(res.json().error).toBe(BAD_TEXT_MESSAGE);
      }
    });
  });

  it('refuses a list range with offsets like 1e21', async () => {
    for (const range of ['[1e21,1e21]', '[0,1e21]', '[1e300,1e300]']) {
      expect400(await t.app.inject({ method: 'GET', url: `/v1/admin/customers?range=${encodeURIComponent(range)}`, headers: staff.headers }));
      expect400(await t.app.inject({ method: 'GET', url: `/v1/admin/transactions?range=${encodeURIComponent(range)}`, headers: staff.headers }));
    }
  });

  describe.each([
    ['register', 'POST', '/v1/auth/register', false],
    ['profile', 'PUT', '/v1/user/profile', true],
  ] as const)('multipart on %s', (_name, method, url, signedIn) => {
    const headers = (extra: Record<string, string>) => ({ ...(signedIn ? sender.session.headers : {}), ...extra });

    it('without a boundary', async () => {
      expect400(await t.app.inject({ method, url, headers: headers({ 'content-type': 'multipart/form-data' }), payload: 'firstName=Dana' }));
    });

    it('with a JSON body', async () => {
      expect400(await t.app.inject({ method, url, headers: headers({ 'content-type': 'multipart/form-data; boundary=XyZ' }), payload: JSON.stringify(enrolmentPayload()) }));
    });

    it('truncated', async () => {
      const boundary = `----sr${randomBytes(4).toString('hex')}`;
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nDana\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`;
      expect400(await t.app.inject({ method, url, headers: headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }), payload: body }));
    });

    it('with NUL in a field', async () => {
      const boundary = `----sr${randomBytes(4).toString('hex')}`;
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\n${NUL}\r\n--${boundary}--\r\n`;
      const res = await t.app.inject({ method, url, headers: headers({ 'content-type': `multipart/form-data; boundary=${boundary}` }), payload: body });
      expect400(res);
      expect(res.json().errors).toEqual({ firstName: BAD_TEXT_MESSAGE });
    });
  });
});
