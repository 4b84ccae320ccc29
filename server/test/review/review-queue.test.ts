import nodemailer from 'nodemailer';
import { randomBytes } from 'node:crypto';
import { todayIsoDate } from '@strongroom/shared';
import { localTransfer } from '../helpers/transfer-payloads';
import { ledgerBalance, openSecondAccount, primaryOf } from '../transactions/held-accounts';
import { approvedCustomer, codeIn, createTestApp, lastMail, registerCustomer, staffSession, type Session, type TestApp } from '../helpers/test-app';

const balanceOf = async (t: TestApp, customerId: string) => (await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [customerId]))[0].balance_minor as string;

/** A first-time sender's local transfer taken through the e-mailed code and the PIN: amount and fee held. */
async function heldTransfer(t: TestApp, amount = '40.00') {
  const customer = await approvedCustomer(t.app, { funded: '100.00' });
  const { transferId } = (await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: customer.session.headers, payload: localTransfer({ amount }) })).json();
  const code = codeIn((await lastMail(t.app, customer.email as string)).bodyText);
  await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, code } });
  const done = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, pin: '2468' } });
  return { customer, transferId: transferId as string, tx: done.json().transaction as { id: string; reference: string } };
}

describe('the staff review queue (outbound transfers on the shared decision)', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t.app);
  });
  afterAll(() => t.close());

  it('answers a repeated decision as the first, refuses a contrary one, and shows the customer each status', async () => {
    const { customer, tx } = await heldTransfer(t);
    const approve = () => t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/approve`, headers: admin.headers });
    const first = await approve();
    expect(first.json()).toEqual({ success: true, status: 'success', message: 'Transfer approved', awaitingSecondApproval: false });
    expect((await approve()).json()).toEqual(first.json());
    const reject = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/reject`, headers: admin.headers, payload: { reason: 'Changed my mind' } });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().error).toBe('This transfer has already been approved');
    const detail = await t.app.inject({ method: 'GET', url: `/v1/transaction/${tx.reference}`, headers: { cookie: customer.session.cookie } });
    expect(detail.json().transaction.timeline.map((e: { status: string; by: string }) => [e.status, e.by])).toEqual([
      ['pending', 'you'],
      ['success', 'Strongroom'],
    ]);
    const audit = await t.app.db.query(`SELECT action FROM audit_log WHERE target_id = $1`, [tx.id]);
    expect(audit).toEqual([{ action: 'transaction.approve' }]);
  });

  it('returns a rejected transfer as a refund line of its own, with its balance after, the reason on the timeline, and an e-mail', async () => {
    const { customer, tx } = await heldTransfer(t);
    expect(await balanceOf(t, customer.id)).toBe('5500'); // 100.00 - 40.00 - 5.00 fee
    const res = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/reject`, headers: admin.headers, payload: { reason: 'The payee bank refused the account number' } });
    expect(res.json()).toMatchObject({ success: true, status: 'failed', message: 'Transfer rejected; funds and fee returned' });
    expect(await balanceOf(t, customer.id)).toBe('10000');
    const list = (await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: { cookie: customer.session.cookie } })).json().items;
    const refund = list.find((item: { kind: string }) => item.kind === 'refund');
    expect(refund).toMatchObject({ type: 'credit', status: 'success', amount: '45.00', balanceAfter: '100.00', channel: 'Strongroom', description: `Refund of ${tx.reference} to Sam Carter` });
    const original = (await t.app.inject({ method: 'GET', url: `/v1/transaction/${tx.reference}`, headers: { cookie: customer.session.cookie } })).json().transaction;
    expect(original).toMatchObject({ status: 'failed', statusReason: 'The payee bank refused the account number' });
    expect(original.timeline.at(-1)).toMatchObject({ status: 'failed', reason: 'The payee bank refused the account number', by: 'Strongroom' });
    const mail = await lastMail(t.app, customer.email as string);
    expect(mail.bodyText).toContain('Reason: The payee bank refused the account number');
  });

  it('lets only admins decide: auditors and customers get 403, malformed ids 404', async () => {
    const { customer, tx } = await heldTransfer(t);
    const auditor = await staffSession(t.app, 'auditor');
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/approve`, headers: auditor.headers })).statusCode).toBe(403);
    const asCustomer = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/approve`, headers: customer.session.headers });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().error).toBe('This area is for bank staff only');
    const malformed = await t.app.inject({ method: 'PATCH', url: '/v1/transaction/not-a-uuid/approve', headers: admin.headers });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ success: false, error: 'Transaction not found' });
    const noReason = await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/reject`, headers: admin.headers, payload: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe('A reason is required');
  });

  it('lists what waits in each queue and shows staff the history with who decided', async () => {
    const { tx } = await heldTransfer(t);
    const queue = await t.app.inject({ method: 'GET', url: '/v1/admin/review-queue', headers: { cookie: admin.cookie } });
    const outbound = queue.json().queues.find((q: { resource: string }) => q.resource === 'transactions');
    expect(outbound.pending).toBeGreaterThanOrEqual(1);
    await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/reject`, headers: admin.headers, payload: { reason: 'Suspected fraud' } });
    const filter = encodeURIComponent(JSON.stringify({ subjectType: 'transaction', subjectId: tx.id }));
    const history = await t.app.inject({ method: 'GET', url: `/v1/admin/status-events?filter=${filter}`, headers: { cookie: admin.cookie } });
    expect(history.json().map((e: { to: string; actorType: string }) => [e.to, e.actorType])).toEqual([
      ['pending', 'customer'],
      ['failed', 'staff'],
    ]);
    expect(history.json()[1]).toMatchObject({ reason: 'Suspected fraud', actorEmail: expect.stringContaining('@bank.test') });
  });

  it('retries a decision e-mail whose delivery failed, until it is sent', async () => {
    const { customer, tx } = await heldTransfer(t);
    const delegate = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    let failures = 1;
    t.app.mailer.useTransport({
      sendMail: (message: nodemailer.SendMailOptions) => {
        if (failures-- > 0) return Promise.reject(new Error('SMTP 421 try again later'));
        return delegate.sendMail(message);
      },
    } as unknown as nodemailer.Transporter);
    try {
      await t.app.inject({ method: 'PATCH', url: `/v1/transaction/${tx.id}/approve`, headers: admin.headers });
      await t.app.jobs.drain();
      const [failed] = await t.app.db.query(`SELECT status, error FROM outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`, [customer.email]);
      expect(failed).toEqual({ status: 'failed', error: 'SMTP 421 try again later' });
      // The job waits for its backoff; an hour later it has been retried.
      t.app.clock.set(new Date(Date.now() + 3600_000));
      await t.app.jobs.drain();
      const [sent] = await t.app.db.query(`SELECT status, error FROM outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`, [customer.email]);
      expect(sent).toEqual({ status: 'written', error: null });
    } finally {
      t.app.clock.set(null);
      t.app.mailer.useTransport(delegate);
    }
  });
});

describe('four eyes above the threshold (incoming payments)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ fourEyesThreshold: '10000.00' });
  });
  afterAll(() => t.close());

  it('holds a large incoming payment for a second, different admin, then credits it once', async () => {
    const customer = await registerCustomer(t.app);
    const first = await staffSession(t.app);
    const second = await staffSession(t.app);
    await t.app.inject({ method: 'PATCH', url: `/v1/admin/customers/${customer.id}/approve`, headers: first.headers });
    const payload = { accountNumber: customer.accountNumber, amount: '15000.00', currency: 'USD', senderName: 'Big Corp', senderBank: 'Big Bank', reference: `BIG-${randomBytes(4).toString('hex')}` };
    const posted = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: first.headers, payload });
    expect(posted.statusCode).toBe(202);
    const id = posted.json().incomingPaymentId as string;
    expect(await balanceOf(t, customer.id)).toBe('0');

    const same = await t.app.inject({ method: 'PATCH', url: `/v1/admin/incoming-payments/${id}/approve`, headers: first.headers });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe('You gave the first approval of this incoming payment; a second admin must give the second.');
    const show = await t.app.inject({ method: 'GET', url: `/v1/admin/incoming-payments/${id}`, headers: { cookie: second.cookie } });
    expect(show.json()).toMatchObject({ status: 'awaiting_second_approval', amount: '15000.00', firstApproval: { id: expect.any(String) } });
    const waiting = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/incoming-payments?filter=${encodeURIComponent('{"status":"awaiting_second_approval"}')}&sort=${encodeURIComponent('["created_at","ASC"]')}&range=[0,99]`,
      headers: { cookie: second.cookie },
    });
    const listed = waiting.json() as { id: string; status: string }[];
    expect(listed.every((item) => item.status === 'awaiting_second_approval')).toBe(true);
    expect(listed.find((item) => item.id === id)).toMatchObject({ amount: '15000.00', accountNumber: customer.accountNumber, senderName: 'Big Corp', postedBy: expect.any(String) });
    expect(waiting.headers['content-range']).toBe(`incoming-payments 0-${listed.length - 1}/${listed.length}`);

    const approved = await t.app.inject({ method: 'PATCH', url: `/v1/admin/incoming-payments/${id}/approve`, headers: second.headers });
    expect(approved.json()).toMatchObject({ success: true, status: 'approved' });
    expect(await balanceOf(t, customer.id)).toBe('1500000');
    const again = await t.app.inject({ method: 'PATCH', url: `/v1/admin/incoming-payments/${id}/approve`, headers: second.headers });
    expect(again.json()).toMatchObject({ success: true, status: 'approved' });
    expect(await balanceOf(t, customer.id)).toBe('1500000');
    const replay = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: first.headers, payload });
    expect(replay.statusCode).toBe(202);
    expect(await balanceOf(t, customer.id)).toBe('1500000');
  });

  it('credits a payment at or under the threshold at once', async () => {
    const customer = await approvedCustomer(t.app, { funded: '10000.00' });
    expect(await balanceOf(t, customer.id)).toBe('1000000');
  });

  it("holds a large payment to a customer's further account, and the second approval credits that account", async () => {
    const customer = await approvedCustomer(t.app);
    const second = await staffSession(t.app);
    const euros = await openSecondAccount(t.app, customer.id, 'EUR');
    const payload = { accountNumber: euros.number, amount: '12000.00', currency: 'EUR', senderName: 'Big Corp', senderBank: 'Big Bank', reference: `BIG-${randomBytes(4).toString('hex')}` };
    const posted = await t.app.inject({ method: 'POST', url: '/v1/admin/incoming-transfers', headers: customer.staff.headers, payload });
    expect(posted.statusCode).toBe(202);
    const id = posted.json().incomingPaymentId as string;
    const show = await t.app.inject({ method: 'GET', url: `/v1/admin/incoming-payments/${id}`, headers: { cookie: second.cookie } });
    expect(show.json()).toMatchObject({ accountNumber: euros.number, currency: 'EUR' });
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/admin/incoming-payments/${id}/approve`, headers: second.headers })).json()).toMatchObject({ status: 'approved' });
    expect(await ledgerBalance(t.app, euros.ledgerAccountId)).toBe('1200000');
    expect(await ledgerBalance(t.app, (await primaryOf(t.app, customer.id)).ledgerAccountId)).toBe('0');
  });
});

describe('scheduled transfers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tomorrow = () => todayIsoDate(new Date(Date.now() + 24 * 3600_000));

  async function schedule(customer: Awaited<ReturnType<typeof approvedCustomer>>, amount: string) {
    const start = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: customer.session.headers, payload: localTransfer({ amount, transferDate: tomorrow() }) });
    expect(start.statusCode).toBe(201);
    const { transferId, codeStep } = start.json();
    if (codeStep === 'code') {
      const code = codeIn((await lastMail(t.app, customer.email as string)).bodyText);
      await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, code } });
    }
    const pin = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, pin: '2468' } });
    expect(pin.json()).toMatchObject({ success: true, nextStep: 'success', summary: { executeOn: tomorrow() } });
    return transferId as string;
  }

  it('refuses a date in the past', async () => {
    const customer = await approvedCustomer(t.app, { funded: '100.00' });
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: customer.session.headers, payload: localTransfer({ transferDate: '2020-01-01' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.transferDate).toBe('The transfer date cannot be in the past');
  });

  it('authenticates now, moves nothing until its date, can be cancelled, and executes on its date (or fails if funds are short)', async () => {
    const customer = await approvedCustomer(t.app, { funded: '100.00' });
    const kept = await schedule(customer, '30.00');
    const cancelled = await schedule(customer, '20.00');
    const short = await schedule(customer, '90.00');
    expect(await balanceOf(t, customer.id)).toBe('10000');
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/transfer/scheduled', headers: { cookie: customer.session.cookie } })).json().items;
    expect(listed.filter((s: { status: string }) => s.status === 'scheduled')).toHaveLength(3);

    const other = await approvedCustomer(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/v1/transfer/${cancelled}/cancel`, headers: other.session.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/v1/transfer/${cancelled}/cancel`, headers: customer.session.headers })).json()).toEqual({
      success: true,
      message: 'Scheduled transfer cancelled',
    });

    t.app.clock.set(new Date(`${tomorrow()}T07:00:00Z`));
    try {
      await t.app.jobs.drain();
    } finally {
      t.app.clock.set(null);
    }
    const statuses = Object.fromEntries(
      (await t.app.db.query(`SELECT id, status, status_reason FROM transfers WHERE id = ANY($1)`, [[kept, cancelled, short]])).map(
        (r: { id: string; status: string; status_reason: string | null }) => [r.id, [r.status, r.status_reason]],
      ),
    );
    expect(statuses[kept]).toEqual(['pending', null]);
    expect(statuses[cancelled]).toEqual(['cancelled', null]);
    expect(statuses[short]).toEqual(['failed', 'Insufficient funds']);
    expect(await balanceOf(t, customer.id)).toBe('6500'); // 100.00 - 30.00 - 5.00 fee
    expect((await lastMail(t.app, customer.email as string)).bodyText).toContain('could not be sent today: Insufficient funds');
  });
});
