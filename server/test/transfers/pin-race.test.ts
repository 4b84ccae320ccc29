import { todayIsoDate } from '@strongroom/shared';
import { approvedCustomer, codeIn, createTestApp, lastMail, type TestApp } from '../helpers/test-app';

describe('PIN attempts on payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const pinState = async (id: string) => (await t.app.db.query(`SELECT failed_count AS pin_failed_count, locked_until AS pin_locked_until FROM pin_attempts WHERE customer_id = $1`, [id]))[0];

  it('evaluates at most 5 of 60 concurrent wrong PINs; then even the right PIN is refused', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const send = (pin: string) => t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount: '1.00', pin } });
    const answers = await Promise.all(Array.from({ length: 60 }, () => send('1357')));
    const judged = answers.filter((r) => r.statusCode === 400 && /Incorrect PIN/.test(r.json().error));
    const locked = answers.filter((r) => r.statusCode === 423);
    expect(judged.length).toBeLessThanOrEqual(5);
    expect(judged.length + locked.length).toBe(60);
    const right = await send('2468');
    expect(right.statusCode).toBe(423);
    expect(right.json().error).toBe('Too many wrong PINs. Payments are locked for 15 minutes.');
    const [{ balance_minor }] = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [a.id]);
    expect(balance_minor).toBe('10000');
  });

  it('judges recipient, amount and funds before the PIN: a refused request costs no attempt', async () => {
    const a = await approvedCustomer(t.app, { funded: '10.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const cases = [
      { payload: { recipientAccountNumber: '9999999999', amount: '1.00', pin: '0000' }, status: 404 },
      { payload: { recipientAccountNumber: a.accountNumber, amount: '1.00', pin: '0000' }, status: 400 },
      { payload: { recipientAccountNumber: b.accountNumber, amount: '500.00', pin: '0000' }, status: 400, error: 'Insufficient funds' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: c.payload });
      expect(res.statusCode).toBe(c.status);
      if (c.error) expect(res.json().error).toBe(c.error);
      expect(res.json().error).not.toMatch(/PIN/);
    }
    expect((await pinState(a.id)).pin_failed_count).toBe(0);
  });

  it('starts the attempts again after a right PIN, whether its payment is booked or refused under the ledger lock', async () => {
    const a = await approvedCustomer(t.app, { funded: '10.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const send = (pin: string, amount: string) =>
      t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount, pin } });
    expect((await send('1357', '1.00')).statusCode).toBe(400);
    expect((await pinState(a.id)).pin_failed_count).toBe(1);
    // Each fits the balance alone, not both: one is booked; the other is refused either before its PIN (read
    // after the first booked) or by post_journals under its lock (read before), after a right PIN.
    const answers = await Promise.all([send('2468', '6.00'), send('2468', '6.00')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json().error).toBe('Insufficient funds');
    expect((await pinState(a.id)).pin_failed_count).toBe(0);
    const [{ balance_minor }] = await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [a.id]);
    expect(balance_minor).toBe('400');
  });

  it('expires a payment awaiting authentication after 30 minutes', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/local',
      headers: a.session.headers,
      payload: { recipientName: 'Sam Carter', recipientBankName: 'First Local Bank', recipientAccountNumber: '000123456789', amount: '10.00', transferDate: todayIsoDate() },
    });
    const { transferId } = start.json();
    const code = codeIn((await lastMail(t.app, a.email as string)).bodyText);
    await t.app.db.query(`UPDATE transfers SET created_at = now() - interval '31 minutes' WHERE id = $1`, [transferId]);
    const late = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, code } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('This payment was not confirmed within 30 minutes and has expired. Please start it again.');
    const [{ status }] = await t.app.db.query(`SELECT status FROM transfers WHERE id = $1`, [transferId]);
    expect(status).toBe('expired');
  });
});
