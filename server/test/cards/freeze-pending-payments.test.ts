import { todayIsoDate } from '@strongroom/shared';
import { approvedCustomer, codeIn, createTestApp, lastMail, type TestApp } from '../helpers/test-app';
import { localTransfer } from '../helpers/transfer-payloads';

// Freeze everything stops payments that were started, or dated, before it was turned on.
const FROZEN = 'Your account is frozen. Unfreeze it in the app to send money.';

describe('Freeze everything and payments already under way', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tomorrow = () => todayIsoDate(new Date(Date.now() + 24 * 3600_000));
  const balanceOf = async (id: string) => (await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [id]))[0].balance_minor as string;

  it('refuses the PIN step of a payment started before the freeze', async () => {
    const a = await approvedCustomer(t.app, { funded: '200.00' });
    const start = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: a.session.headers, payload: localTransfer() });
    const { transferId } = start.json();
    const code = codeIn((await lastMail(t.app, a.email as string)).bodyText);
    expect((await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, code } })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/v1/account/freeze', headers: a.session.headers });
    const pin = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, pin: '2468' } });
    expect(pin.statusCode).toBe(403);
    expect(pin.json().error).toBe(FROZEN);
    expect(await balanceOf(a.id)).toBe('20000');
  });

  it('does not send a transfer dated for a day on which everything is frozen; the customer is told and nothing leaves', async () => {
    const a = await approvedCustomer(t.app, { funded: '200.00' });
    const start = await t.app.inject({ method: 'POST', url: '/v1/transfer/local', headers: a.session.headers, payload: localTransfer({ transferDate: tomorrow() }) });
    const { transferId } = start.json();
    const code = codeIn((await lastMail(t.app, a.email as string)).bodyText);
    await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, code } });
    const pin = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: a.session.headers, payload: { transferId, pin: '2468' } });
    expect(pin.json()).toMatchObject({ success: true, summary: { executeOn: tomorrow() } });
    await t.app.inject({ method: 'POST', url: '/v1/account/freeze', headers: a.session.headers });

    t.app.clock.set(new Date(`${tomorrow()}T07:00:00Z`));
    try {
      await t.app.jobs.drain();
    } finally {
      t.app.clock.set(null);
    }
    const [transfer] = await t.app.db.query(`SELECT status, status_reason FROM transfers WHERE id = $1`, [transferId]);
    expect(transfer).toEqual({ status: 'failed', status_reason: FROZEN });
    expect(await balanceOf(a.id)).toBe('20000');
    const mails = await t.app.db.query(`SELECT body_text FROM outbox WHERE lower(to_address) = lower($1) AND template = 'transactionAlert'`, [a.email]);
    expect(mails.map((m: { body_text: string }) => m.body_text).join('\n')).toContain(`could not be sent today: ${FROZEN}`);
  });
});
