import { approvedCustomer, createTestApp, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { chequeFields, deposit, depositedChequeId } from './cheque-fixtures';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('reading cheque deposits', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof approvedCustomer>>;
  let b: Awaited<ReturnType<typeof approvedCustomer>>;
  let admin: Session;
  let auditor: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t.app, 'admin');
    auditor = await staffSession(t.app, 'auditor');
    a = await approvedCustomer(t.app, { staff: admin });
    b = await approvedCustomer(t.app, { staff: admin });
  });
  afterAll(() => t.close());

  describe('GET /v1/cheque/user/:userId', () => {
    it("lists the customer's own deposits, newest first, each with its timeline", async () => {
      const first = await depositedChequeId(t.app, a.session, { amount: '10.00' });
      const second = await depositedChequeId(t.app, a.session, { amount: '20.00' });
      const res = await t.app.inject({ method: 'GET', url: `/v1/cheque/user/${a.id}`, headers: { cookie: a.session.cookie } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, page: 1, pageSize: 20 });
      expect(body.items.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([first, second]));
      expect(body.items.findIndex((c: { id: string }) => c.id === second)).toBeLessThan(body.items.findIndex((c: { id: string }) => c.id === first));
      expect(body.items[0].timeline).toEqual([expect.objectContaining({ status: 'pending', by: 'you' })]);
      expect(body.total).toBe(body.items.length);
    });

    it("answers another customer's id, a missing id and a malformed id with the same 404", async () => {
      await depositedChequeId(t.app, a.session);
      const other = await t.app.inject({ method: 'GET', url: `/v1/cheque/user/${a.id}`, headers: { cookie: b.session.cookie } });
      const missing = await t.app.inject({ method: 'GET', url: `/v1/cheque/user/${MISSING}`, headers: { cookie: b.session.cookie } });
      const malformed = await t.app.inject({ method: 'GET', url: '/v1/cheque/user/not-a-uuid', headers: { cookie: b.session.cookie } });
      for (const res of [other, missing, malformed]) expect(res.statusCode).toBe(404);
      expect(other.json()).toEqual(missing.json());
      expect(other.body).not.toContain(a.id);
    });

    it('keeps the images of a deposit from other customers and shows them to staff', async () => {
      const res = await deposit(t.app, a.session);
      const { frontImage, backImage } = res.json().cheque;
      for (const url of [frontImage, backImage]) {
        expect((await t.app.inject({ method: 'GET', url, headers: { cookie: b.session.cookie } })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url, headers: { cookie: auditor.cookie } })).statusCode).toBe(200);
      }
    });

    it("lets staff read any customer's deposits and refuses page sizes out of range", async () => {
      await depositedChequeId(t.app, b.session);
      const res = await t.app.inject({ method: 'GET', url: `/v1/cheque/user/${b.id}?pageSize=5`, headers: { cookie: auditor.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().items.length).toBeGreaterThan(0);
      expect(res.json().pageSize).toBe(5);
      const unknown = await t.app.inject({ method: 'GET', url: `/v1/cheque/user/${MISSING}`, headers: { cookie: auditor.cookie } });
      expect(unknown.statusCode).toBe(404);
      const tooMany = await t.app.inject({ method: 'GET', url: `/v1/cheque/user/${b.id}?pageSize=500`, headers: { cookie: b.session.cookie } });
      expect(tooMany.statusCode).toBe(400);
      const anonymous = await t.app.inject({ method: 'GET', url: `/v1/cheque/user/${b.id}` });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /v1/cheque and /v1/admin/cheques', () => {
    it('lists every deposit for staff in ra-data-simple-rest form, filtered by status', async () => {
      await depositedChequeId(t.app, a.session);
      for (const url of ['/v1/cheque', '/v1/admin/cheques']) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?range=[0,9]&sort=["amount","DESC"]&filter=${encodeURIComponent('{"status":"pending"}')}`, headers: { cookie: auditor.cookie } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-range']).toMatch(/^cheques 0-\d+\/\d+$/);
        const list = res.json();
        expect(list.length).toBeGreaterThan(0);
        expect(list.every((c: { status: string }) => c.status === 'pending')).toBe(true);
        expect(list[0]).toHaveProperty('customerName');
      }
      const byCustomer = await t.app.inject({ method: 'GET', url: `/v1/cheque?filter=${encodeURIComponent(JSON.stringify({ customerId: b.id }))}`, headers: { cookie: auditor.cookie } });
      expect(byCustomer.json().every((c: { customerId: string }) => c.customerId === b.id)).toBe(true);
      const bad = await t.app.inject({ method: 'GET', url: '/v1/cheque?range=oops', headers: { cookie: auditor.cookie } });
      expect(bad.statusCode).toBe(400);
      const unknownParam = await t.app.inject({ method: 'GET', url: '/v1/cheque?limit=5', headers: { cookie: auditor.cookie } });
      expect(unknownParam.statusCode).toBe(400);
    });

    it("counts the deposits waiting for staff on the console's review queue", async () => {
      await depositedChequeId(t.app, b.session);
      const res = await t.app.inject({ method: 'GET', url: '/v1/admin/review-queue', headers: { cookie: auditor.cookie } });
      const [{ count }] = await t.app.db.query(`SELECT count(*)::int AS count FROM cheques WHERE status IN ('pending','awaiting_second_approval')`);
      expect(res.json().queues).toContainEqual({ resource: 'cheques', label: 'Cheques', pending: count });
      expect(count).toBeGreaterThan(0);
    });

    it('is closed to customers (403) and to anonymous callers (401)', async () => {
      for (const url of ['/v1/cheque', '/v1/admin/cheques', `/v1/admin/cheques/${MISSING}`]) {
        expect((await t.app.inject({ method: 'GET', url, headers: { cookie: a.session.cookie } })).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  });

  describe('GET /v1/admin/cheques/:id', () => {
    it('shows the images, the details and every earlier deposit that looks like this cheque', async () => {
      const fields = chequeFields({ bankName: 'Lakeside Credit Union', accountNumber: '7788' });
      const firstId = await depositedChequeId(t.app, a.session, fields);
      const reject = await t.app.inject({ method: 'PATCH', url: `/v1/cheque/${firstId}/reject`, headers: admin.headers, payload: { reason: 'The image is blurred' } });
      expect(reject.statusCode).toBe(200);
      // A rejected deposit may be made again (a sharper photo), and staff see the earlier one beside it.
      const againId = await depositedChequeId(t.app, a.session, fields);
      const res = await t.app.inject({ method: 'GET', url: `/v1/admin/cheques/${againId}`, headers: { cookie: auditor.cookie } });
      expect(res.statusCode).toBe(200);
      const record = res.json();
      expect(record).toMatchObject({ id: againId, status: 'pending', chequeNumber: fields.chequeNumber, customerId: a.id, firstApproval: null });
      expect(record.frontImage).toMatch(/^\/v1\/files\/[0-9a-f-]{36}$/);
      expect(record.backImage).toMatch(/^\/v1\/files\/[0-9a-f-]{36}$/);
      expect(record.duplicates).toEqual([expect.objectContaining({ id: firstId, status: 'rejected', sameDrawer: true, sameImage: false })]);

      const lone = await t.app.inject({ method: 'GET', url: `/v1/admin/cheques/${await depositedChequeId(t.app, b.session)}`, headers: { cookie: auditor.cookie } });
      expect(lone.json().duplicates).toEqual([]);
    });

    it('answers a missing or malformed id with 404', async () => {
      for (const id of [MISSING, 'abc', '1;DROP TABLE cheques']) {
        const res = await t.app.inject({ method: 'GET', url: `/v1/admin/cheques/${encodeURIComponent(id)}`, headers: { cookie: auditor.cookie } });
        expect(res.statusCode).toBe(404);
        expect(res.json().success).toBe(false);
      }
    });
  });
});
