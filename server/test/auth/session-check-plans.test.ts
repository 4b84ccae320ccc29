import { randomUUID } from 'node:crypto';
import { approvedCustomer, createTestApp, staffSession, type TestApp } from '../helpers/test-app';

/**
 * The prepared statements that nearly every request runs (the session checks, and the first page of a customer's
 * transactions) are planned a few times per connection and their plan is reused after that. PostgreSQL keeps planning a
 * statement anew while a plan made for one set of values looks cheaper than the plan for any values: with the batch's
 * arrays or the page's bounds as parameters it always did, and planning cost more than running (the bench's
 * PostgreSQL statistics: 2,751 plans for 2,746 session checks, 1.8 s of planning against 0.65 s of running).
 */
describe('plans of the statements every request runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One connection, so that this test reads the prepared statements of the connection the requests used.
    t = await createTestApp({ dbPoolSize: 1 });
  });
  afterAll(() => t.close());

  const plansOf = async (name: string) => {
    const [row] = await t.app.db.query(`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name = $1`, [name]);
    return row as { generic: number; custom: number } | undefined;
  };

  it('reuses one plan for customer, payment and staff session checks and for the first page of transactions', async () => {
    const staff = await staffSession(t.app);
    const sender = await approvedCustomer(t.app, { funded: '50.00', staff });
    const recipient = await approvedCustomer(t.app, { staff });
    const runs = 9;
    for (let run = 0; run < runs; run++) {
      expect((await t.app.inject({ method: 'GET', url: '/v1/transaction', headers: sender.session.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/v1/admin/customers', headers: { cookie: staff.cookie } })).statusCode).toBe(200);
      const transfer = await t.app.inject({
        method: 'POST',
        url: '/v1/transfer/same',
        headers: { ...sender.session.headers, 'idempotency-key': randomUUID() },
        payload: { recipientAccountNumber: recipient.accountNumber, amount: '1.00', pin: '2468' },
      });
      expect(transfer.statusCode).toBe(201);
    }
    // PostgreSQL tries five plans for the values given before it weighs the plan for any values.
    for (const name of ['sessions-customer', 'sessions-customer-payment', 'sessions-staff', 'transactions-first-page--20']) {
      const plans = await plansOf(name);
      expect({ name, reused: (plans?.generic ?? 0) >= runs - 5 - 1 }).toEqual({ name, reused: true });
    }
  });
});
