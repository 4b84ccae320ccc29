import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';
import { issuedCard } from '../cards/card-helpers';

/** Every product's PIN check goes through PinAttempts, and judges the rest of the request first. */
describe('the transaction PIN in every product', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const failedCount = async (id: string) => (await t.app.db.query(`SELECT failed_count AS pin_failed_count FROM pin_attempts WHERE customer_id = $1`, [id]))[0].pin_failed_count as number;

  it('refuses a card payment with nothing owed, and an unfreeze with nothing frozen, before judging the PIN', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const card = await issuedCard(t.app, a);
    const pay = await t.app.inject({ method: 'POST', url: `/v1/card/${card.id}/pay`, headers: a.session.headers, payload: { amount: '10.00', pin: '0000' } });
    expect(pay.statusCode).toBeGreaterThanOrEqual(400);
    expect(pay.json().error).not.toMatch(/PIN/);
    const unfreeze = await t.app.inject({ method: 'POST', url: '/v1/account/unfreeze', headers: a.session.headers, payload: { password: a.password, pin: '0000' } });
    expect(unfreeze.statusCode).toBeGreaterThanOrEqual(400);
    expect(unfreeze.json().error).not.toMatch(/PIN/);
    expect(await failedCount(a.id)).toBe(0);
  });

  it('shares one lock across products: wrong PINs at card reveal lock payments, whatever the PIN', async () => {
    const a = await approvedCustomer(t.app, { funded: '100.00' });
    const b = await approvedCustomer(t.app, { staff: a.staff });
    const card = await issuedCard(t.app, a);
    const reveal = () => t.app.inject({ method: 'POST', url: `/v1/card/${card.id}/reveal`, headers: a.session.headers, payload: { pin: '0000' } });
    const answers = await Promise.all(Array.from({ length: 20 }, reveal));
    expect(answers.filter((r) => r.statusCode === 400).length).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.statusCode === 423).length).toBeGreaterThanOrEqual(15);
    const transfer = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: a.session.headers, payload: { recipientAccountNumber: b.accountNumber, amount: '1.00', pin: '2468' } });
    expect(transfer.statusCode).toBe(423);
    expect(transfer.json().error).toBe('Too many wrong PINs. Payments are locked for 15 minutes.');
  });
});
