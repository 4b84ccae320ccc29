import { approvedCustomer, codeIn, createTestApp, lastMail, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { localTransfer } from '../helpers/transfer-payloads';

describe('standing orders in the console: staff read them, an admin stops one at the customer request', () => {
  let t: TestApp;
  let admin: Session;
  let auditor: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t.app, 'admin');
    auditor = await staffSession(t.app, 'auditor');
  });
  afterAll(() => t.close());

  /** A customer with a monthly standing order of 30.00, approved with the e-mailed code and the PIN. */
  async function customerWithOrder() {
    const customer = await approvedCustomer(t.app, { funded: '400.00', staff: admin });
    const start = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: customer.session.headers, payload: localTransfer({ amount: '30.00', repeat: 'monthly' }) });
    const { transferId } = start.json();
    const code = codeIn((await lastMail(t.app, customer.email as string)).bodyText);
    expect((await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, code } })).statusCode).toBe(200);
    const pin = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, pin: '2468' } });
    expect(pin.statusCode).toBe(200);
    return customer;
  }

  const list = (session: Session, filter: Record<string, unknown>) =>
    t.app.inject({ method: 'GET', url: `/v1/admin/standing-orders?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,9]`, headers: session.headers });

  it("lists a customer's orders for any staff, one customer at a time, and shows one", async () => {
    const customer = await customerWithOrder();
    const other = await customerWithOrder();
    const res = await list(auditor, { customerId: customer.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('standing-orders 0-0/1');
    const [order] = res.json();
    expect(order).toMatchObject({ customerId: customer.id, status: 'active', frequency: 'monthly', amount: '30.00', recipientName: 'Sam Carter', paymentsMade: 1 });
    const everyone = await list(auditor, { status: 'active' });
    expect(everyone.json().map((row: { customerId: string }) => row.customerId)).toEqual(expect.arrayContaining([customer.id, other.id]));
    const shown = await t.app.inject({ method: 'GET', url: `/v1/admin/standing-orders/${order.id}`, headers: auditor.headers });
    expect(shown.json()).toEqual(order);
    const missing = await t.app.inject({ method: 'GET', url: '/v1/admin/standing-orders/6f9619ff-8b86-4011-b42d-00c04fc964ff', headers: auditor.headers });
    expect(missing.statusCode).toBe(404);
    // A customer's session is not a staff one.
    expect((await list(customer.session, {})).statusCode).toBe(403);
  });

  it('lets an admin, not an auditor, stop an order: audited, and the customer is e-mailed', async () => {
    const customer = await customerWithOrder();
    const [order] = (await list(admin, { customerId: customer.id })).json();
    const cancel = (session: Session) => t.app.inject({ method: 'POST', url: `/v1/admin/standing-orders/${order.id}/cancel`, headers: session.headers });
    expect((await cancel(auditor)).statusCode).toBe(403);
    const stopped = await cancel(admin);
    expect(stopped.json()).toEqual({ success: true, message: 'Standing order stopped. The customer has been e-mailed.' });
    expect((await cancel(admin)).json()).toEqual({ success: false, error: 'This standing order has already ended' });
    const [audit] = await t.app.db.query(`SELECT actor_type, action, details FROM audit_log WHERE target_id = $1`, [order.id]);
    expect(audit).toEqual({ actor_type: 'staff', action: 'standing_order.cancel', details: { customerId: customer.id, amount: '$30.00', recipient: 'Sam Carter' } });
    const mail = await lastMail(t.app, customer.email as string);
    expect(mail.bodyText).toContain('We have stopped your standing order of $30.00 to Sam Carter: no further payments will be made. If you did not ask us to, call us at once.');
    const mine = await t.app.inject({ method: 'GET', url: '/v1/standing-orders', headers: customer.session.headers });
    expect(mine.json().items[0]).toMatchObject({ status: 'cancelled', nextOn: null });
  });
});
