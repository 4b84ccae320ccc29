import { formatCalendarDate, isoDayIn, isoDayPlus, paymentDate } from '@strongroom/shared';
import { dayStartIn } from '../../src/common/calendar-days';
import { makeStandingOrderPayment } from '../../src/modules/standing-orders/standing-orders.service';
import { approvedCustomer, codeIn, createTestApp, lastMail, type Session, type TestApp } from '../helpers/test-app';
import { internationalTransfer, localTransfer } from '../helpers/transfer-payloads';
import { balanceOf, expectLedgerConsistent } from '../loans/loan-helpers';

type Customer = Awaited<ReturnType<typeof approvedCustomer>>;

describe('standing orders: a local transfer that repeats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.app.clock.set(null));
  afterAll(() => t.close());

  const today = () => isoDayIn(new Date(), 'UTC');

  /** Starts a repeating local transfer and authenticates it (the e-mailed code for a first-time sender, then the PIN). */
  async function setUp(customer: Customer, overrides: Record<string, unknown>) {
    const start = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: customer.session.headers, payload: localTransfer({ timeZone: 'UTC', ...overrides }) });
    expect(start.statusCode).toBe(201);
    const { transferId, codeStep, summary } = start.json();
    let codeMail: string | undefined;
    if (codeStep === 'code') {
      codeMail = (await lastMail(t.app, customer.email as string)).bodyText;
      const code = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, code: codeIn(codeMail) } });
      expect(code.statusCode).toBe(200);
    }
    const pin = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, pin: '2468' } });
    expect(pin.statusCode).toBe(200);
    return { transferId: transferId as string, summary, codeMail, answer: pin.json() };
  }

  async function ordersOf(session: Session) {
    const res = await t.app.inject({ method: 'GET', url: '/v1/standing-orders', headers: session.headers });
    expect(res.statusCode).toBe(200);
    return res.json().items as Array<Record<string, unknown>>;
  }

  /** The bank's clock an hour into `isoDay` in UTC, and the jobs due by then run. */
  async function runOn(isoDay: string) {
    t.app.clock.set(new Date(dayStartIn(isoDay, 'UTC').getTime() + 3600_000));
    await t.app.jobs.drain();
  }

  const paymentsOf = (orderId: string) =>
    t.app.db.query(`SELECT status, status_reason, execute_on::text AS execute_on, amount_minor::text AS amount FROM transfers WHERE standing_order_id = $1 ORDER BY created_at`, [orderId]);

  it('pays the first payment now, then the same amount to the same payee on each monthly date, each held for staff', async () => {
    const customer = await approvedCustomer(t.app, { funded: '500.00' });
    const first = await setUp(customer, { amount: '40.00', repeat: 'monthly' });
    const second = paymentDate(today(), 'monthly', 1);
    // The customer approves the series: the code's e-mail and the summary name the repeats.
    expect(first.codeMail).toContain('$45.00 every month');
    expect(first.summary).toMatchObject({ repeat: { frequency: 'monthly', untilOn: null } });
    expect(first.answer.message).toBe(`Transfer submitted. It will be processed shortly. Standing order set up: it repeats every month; the next payment is on ${formatCalendarDate(second)}.`);
    const [order] = await ordersOf(customer.session);
    expect(order).toMatchObject({
      status: 'active',
      frequency: 'monthly',
      recipientName: 'Sam Carter',
      amount: '40.00',
      firstOn: today(),
      nextOn: second,
      untilOn: null,
      paymentsMade: 1,
      lastFailure: null,
    });
    expect(await balanceOf(t.app, customer.id)).toBe(45500n);

    // The day before its date nothing moves; on its date the payment is made, without a code or PIN.
    await runOn(isoDayPlus(second, -1));
    expect(await balanceOf(t.app, customer.id)).toBe(45500n);
    await runOn(second);
    expect(await balanceOf(t.app, customer.id)).toBe(41000n);
    const payments = await paymentsOf(order.id as string);
    expect(payments).toEqual([
      { status: 'pending', status_reason: null, execute_on: null, amount: '4000' },
      { status: 'pending', status_reason: null, execute_on: second, amount: '4000' },
    ]);
    const [made] = await t.app.db.query(`SELECT description, category, status FROM transactions WHERE customer_id = $1 ORDER BY created_at DESC LIMIT 1`, [customer.id]);
    expect(made).toEqual({ description: 'Standing order to Sam Carter', category: 'Local transfer', status: 'pending' });
    // Were the order ever to wait for a date it has paid (its job run twice), that date is not paid again.
    await t.app.db.query(`UPDATE standing_orders SET next_on = $2, next_index = 1 WHERE id = $1`, [order.id, second]);
    await makeStandingOrderPayment(t.app, order.id as string);
    expect(await paymentsOf(order.id as string)).toHaveLength(2);
    expect(await balanceOf(t.app, customer.id)).toBe(41000n);
    expect((await ordersOf(customer.session))[0]).toMatchObject({ status: 'active', nextOn: paymentDate(today(), 'monthly', 2), paymentsMade: 2 });
    await expectLedgerConsistent(t.app);
  });

  it('ends after its last date, and a first payment dated later starts the series on that date', async () => {
    const customer = await approvedCustomer(t.app, { funded: '500.00' });
    const firstOn = isoDayPlus(today(), 2);
    const secondOn = paymentDate(firstOn, 'weekly', 1);
    const first = await setUp(customer, { amount: '10.00', transferDate: firstOn, repeat: 'weekly', repeatUntil: secondOn });
    expect(first.answer.message).toBe(
      `Transfer scheduled for ${firstOn}. We will send it that day if your balance covers it; you can cancel it until then. Standing order set up: it repeats every week until ${formatCalendarDate(secondOn)}; the next payment is on ${formatCalendarDate(secondOn)}.`,
    );
    const [order] = await ordersOf(customer.session);
    expect(order).toMatchObject({ firstOn, nextOn: secondOn, untilOn: secondOn, paymentsMade: 0 });

    await runOn(firstOn);
    await runOn(secondOn);
    expect((await paymentsOf(order.id as string)).map((payment: { status: string }) => payment.status)).toEqual(['pending', 'pending']);
    expect((await ordersOf(customer.session))[0]).toMatchObject({ status: 'ended', nextOn: null, paymentsMade: 2 });
    expect(await balanceOf(t.app, customer.id)).toBe(50000n - 2n * 1500n);
    // Nothing waits for a third date.
    await runOn(paymentDate(firstOn, 'weekly', 2));
    expect(await paymentsOf(order.id as string)).toHaveLength(2);
  });

  it('tells the customer when a payment cannot be made, goes on, and stops after three in a row', async () => {
    const customer = await approvedCustomer(t.app, { funded: '60.00' });
    await setUp(customer, { amount: '50.00', repeat: 'weekly' });
    const [order] = await ordersOf(customer.session);
    const dates = [1, 2, 3].map((index) => paymentDate(today(), 'weekly', index));

    await runOn(dates[0]);
    expect((await ordersOf(customer.session))[0]).toMatchObject({ status: 'active', nextOn: dates[1], paymentsMade: 1, lastFailure: 'Insufficient funds' });
    const told = await lastMail(t.app, customer.email as string);
    expect(told.bodyText).toContain('Your standing order of $50.00 to Sam Carter could not pay today: Insufficient funds Nothing left your account. The standing order goes on');

    await runOn(dates[1]);
    await runOn(dates[2]);
    expect((await ordersOf(customer.session))[0]).toMatchObject({ status: 'stopped', nextOn: null, paymentsMade: 1 });
    expect((await lastMail(t.app, customer.email as string)).bodyText).toContain('Its last 3 payments could not be made, so we have stopped the standing order');
    expect((await paymentsOf(order.id as string)).map((payment: { status: string }) => payment.status)).toEqual(['pending', 'failed', 'failed', 'failed']);
    expect(await balanceOf(t.app, customer.id)).toBe(500n);
    await expectLedgerConsistent(t.app);
  });

  it('is stopped by its customer only: no later payment, and another customer cannot see or stop it', async () => {
    const customer = await approvedCustomer(t.app, { funded: '300.00' });
    const stranger = await approvedCustomer(t.app);
    await setUp(customer, { amount: '20.00', repeat: 'monthly' });
    const [order] = await ordersOf(customer.session);
    expect(await ordersOf(stranger.session)).toEqual([]);
    const theirs = await t.app.inject({ method: 'POST', url: `/v1/standing-orders/${order.id}/cancel`, headers: stranger.session.headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, error: 'Standing order not found' });

    const stop = await t.app.inject({ method: 'POST', url: `/v1/standing-orders/${order.id}/cancel`, headers: customer.session.headers });
    expect(stop.json()).toEqual({ success: true, message: 'Standing order stopped. No further payments will be made.' });
    const again = await t.app.inject({ method: 'POST', url: `/v1/standing-orders/${order.id}/cancel`, headers: customer.session.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: 'This standing order has already ended' });

    await runOn(order.nextOn as string);
    expect(await paymentsOf(order.id as string)).toHaveLength(1);
    expect((await ordersOf(customer.session))[0]).toMatchObject({ status: 'cancelled', nextOn: null, paymentsMade: 1 });
    expect(await balanceOf(t.app, customer.id)).toBe(30000n - 2500n);
  });

  it('refuses repeats it cannot honour, with the field named', async () => {
    const customer = await approvedCustomer(t.app, { funded: '100.00' });
    const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: customer.session.headers, payload });
    const early = await post('/v1/transfer/local', localTransfer({ repeat: 'weekly', repeatUntil: isoDayPlus(today(), 6) }));
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ repeatUntil: `The second payment would be on ${isoDayPlus(today(), 7)}: choose that date or a later one` });
    const lonely = await post('/v1/transfer/local', localTransfer({ repeatUntil: isoDayPlus(today(), 30) }));
    expect(lonely.json().errors).toEqual({ repeatUntil: 'A last payment date is for a transfer that repeats' });
    const daily = await post('/v1/transfer/local', localTransfer({ repeat: 'daily' }));
    expect(daily.json().errors).toEqual({ repeat: 'Choose how often it repeats' });
    // An international payment's debit moves with the rate: it is set up each time, never as a standing order.
    const abroad = await post('/v1/transfer/international', internationalTransfer({ repeat: 'monthly' }));
    expect(abroad.statusCode).toBe(400);
    expect(await ordersOf(customer.session)).toEqual([]);
  });
});
