import { isoDayIn, isoDayPlus } from '@strongroom/shared';
import { dayStartIn } from '../../src/common/calendar-days';
import { approvedCustomer, codeIn, createTestApp, lastMail, type TestApp } from '../helpers/test-app';

// The two ends of the world's calendar: whatever the hour in UTC, their today differs from UTC's at one end or the
// other, so each case below means the same at any time the test runs.
const WEST = 'Etc/GMT+12'; // UTC-12
const EAST = 'Pacific/Kiritimati'; // UTC+14

describe("a dated local payment is dated in the customer's calendar", () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof approvedCustomer>>;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await approvedCustomer(t.app, { funded: '200.00' });
  });
  afterAll(() => t.close());

  const payee = { recipientName: 'Sam Carter', recipientBankName: 'First Local Bank', recipientAccountNumber: '000123456789', amount: '10.00' };

  /** Starts a payment dated `transferDate` where the customer is (`timeZone`), and authenticates it when it may go on. */
  async function pay(transferDate: string, timeZone: string) {
    const start = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: customer.session.headers, payload: { ...payee, transferDate, timeZone } });
    if (start.statusCode !== 201) return { status: start.statusCode, body: start.json() };
    const { transferId, codeStep } = start.json();
    if (codeStep === 'code') {
      const code = codeIn((await lastMail(t.app, customer.email as string)).bodyText);
      await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, code } });
    }
    const pin = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, pin: '2468' } });
    return { status: pin.statusCode, body: pin.json(), transferId: transferId as string };
  }

  it("sends a payment dated the customer's today now, even where UTC is already on the next day", async () => {
    const today = isoDayIn(new Date(), WEST);
    const paid = await pay(today, WEST);
    expect(paid.body).toMatchObject({ success: true, message: 'Transfer submitted. It will be processed shortly.' });
  });

  it("sends a payment dated the customer's today now, even where UTC is still on the day before", async () => {
    const paid = await pay(isoDayIn(new Date(), EAST), EAST);
    expect(paid.body).toMatchObject({ success: true, message: 'Transfer submitted. It will be processed shortly.' });
  });

  it("refuses the customer's yesterday, and holds their tomorrow until it begins where they are", async () => {
    const refused = await pay(isoDayPlus(isoDayIn(new Date(), WEST), -1), WEST);
    expect(refused).toMatchObject({ status: 400, body: { errors: { transferDate: 'The transfer date cannot be in the past' } } });
    const tomorrow = isoDayPlus(isoDayIn(new Date(), EAST), 1);
    const dated = await pay(tomorrow, EAST);
    expect(dated.body).toMatchObject({ success: true, summary: { executeOn: tomorrow } });
    const [row] = await t.app.db.query(`SELECT status, execute_on::text AS execute_on, execute_at FROM transfers WHERE id = $1`, [dated.transferId]);
    expect(row).toEqual({ status: 'scheduled', execute_on: tomorrow, execute_at: dayStartIn(tomorrow, EAST) });
  });
});
