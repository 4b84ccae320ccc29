import { isoDayIn, paymentDate } from '@strongroom/shared';
import { dayStartIn } from '../../src/common/calendar-days';
import { approvedCustomer, codeIn, createTestApp, lastMail, type TestApp } from '../helpers/test-app';
import { localTransfer } from '../helpers/transfer-payloads';
import { expectLedgerConsistent } from '../loans/loan-helpers';
import { fundAccount, ledgerBalance, openSecondAccount } from '../transactions/held-accounts';

/** A standing order set up from a further account pays from that account every time (docs/decisions/0062-accounts.md). */
describe('standing orders from an account other than the primary one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.app.clock.set(null));
  afterAll(() => t.close());

  it('takes the first and every later payment from the account the customer chose, its fee in its currency', async () => {
    const customer = await approvedCustomer(t.app, { funded: '100.00' });
    const euros = await openSecondAccount(t.app, customer.id, 'EUR');
    await fundAccount(t.app, customer.staff, euros, '300.00');
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/transfer/local',
      headers: customer.session.headers,
      payload: localTransfer({ timeZone: 'UTC', amount: '40.00', repeat: 'monthly', accountId: euros.id }),
    });
    expect(start.statusCode).toBe(201);
    const { transferId, codeStep } = start.json();
    if (codeStep === 'code') {
      const code = codeIn((await lastMail(t.app, customer.email as string)).bodyText);
      expect((await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, code } })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: customer.session.headers, payload: { transferId, pin: '2468' } })).statusCode).toBe(200);
    const [order] = await t.app.db.query(`SELECT id, account_id FROM standing_orders WHERE customer_id = $1`, [customer.id]);
    expect(order.account_id).toBe(euros.id);
    // The first payment (40.00 and the local fee of 5.00, in euros) left the euro account.
    expect(await ledgerBalance(t.app, euros.ledgerAccountId)).toBe('25500');

    const next = paymentDate(isoDayIn(new Date(), 'UTC'), 'monthly', 1);
    t.app.clock.set(new Date(dayStartIn(next, 'UTC').getTime() + 3600_000));
    await t.app.jobs.drain();
    const payments = await t.app.db.query(`SELECT status, account_id, currency, fee_minor::text AS fee FROM transfers WHERE standing_order_id = $1 ORDER BY created_at`, [order.id]);
    expect(payments).toHaveLength(2);
    expect(payments[1]).toMatchObject({ status: 'pending', account_id: euros.id, currency: 'EUR', fee: '500' });
    expect(await ledgerBalance(t.app, euros.ledgerAccountId)).toBe('21000');
    const [primary] = await t.app.db.query(`SELECT l.balance_minor::text AS b FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id WHERE a.customer_id = $1 AND a.is_primary`, [
      customer.id,
    ]);
    expect(primary.b).toBe('10000');
    await expectLedgerConsistent(t.app);
  });
});
