import { insertCredits } from '../helpers/credits';
import { internationalTransfer, localTransfer } from '../helpers/transfer-payloads';
import { approvedCustomer, createTestApp, type TestApp } from '../helpers/test-app';

type Customer = Awaited<ReturnType<typeof approvedCustomer>>;

const international = { ...internationalTransfer({ currency: 'EUR' }), memo: 'Rent for May' };

describe('GET /v1/transfer/recent-payees', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const payees = async (c: Customer) => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/transfer/recent-payees', headers: { cookie: c.session.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const paySameBank = async (from: Customer, to: Customer, amount: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: from.session.headers, payload: { recipientAccountNumber: to.accountNumber, amount, pin: '2468' } });
    expect(res.statusCode).toBe(201);
  };
  /** Started and, unless `abandon`, approved with the PIN (the sender has paid before, so no e-mailed code). */
  const payOutbound = async (from: Customer, kind: 'local' | 'international', payload: Record<string, unknown>, { abandon = false } = {}) => {
    const start = await t.app.inject({ method: 'POST', url: `/v1/transfer/${kind}`, headers: from.session.headers, payload });
    expect(start.json()).toMatchObject({ success: true, codeStep: 'pin' });
    if (abandon) return;
    const pin = await t.app.inject({ method: 'POST', url: '/v1/transfer/confirm-code', headers: from.session.headers, payload: { transferId: start.json().transferId, pin: '2468' } });
    expect(pin.json()).toMatchObject({ success: true, nextStep: 'success' });
  };

  it('offers no one to a customer who has paid no one', async () => {
    const fresh = await approvedCustomer(t.app, { funded: '10.00' });
    expect(await payees(fresh)).toEqual({ success: true, sameBank: [], local: [], international: [] });
  });

  it("offers the caller's own payees of each kind, each once, newest first, with the recipient's details only", async () => {
    const [payer, ben, cleo, other] = await Promise.all([
      approvedCustomer(t.app, { funded: '1000.00' }),
      approvedCustomer(t.app),
      approvedCustomer(t.app),
      approvedCustomer(t.app, { funded: '10.00' }),
    ]);
    await paySameBank(payer, ben, '5.00');
    await paySameBank(payer, cleo, '6.00');
    await paySameBank(payer, ben, '7.00');
    await payOutbound(payer, 'local', localTransfer());
    await payOutbound(payer, 'local', localTransfer({ recipientName: 'Never Approved', recipientAccountNumber: '999999999999' }), { abandon: true });
    await payOutbound(payer, 'international', international);

    const offered = await payees(payer);
    expect(offered.sameBank.map((p: { accountNumber: string; name: string }) => [p.accountNumber, p.name])).toEqual([
      [ben.accountNumber, `${ben.firstName} ${ben.lastName}`],
      [cleo.accountNumber, `${cleo.firstName} ${cleo.lastName}`],
    ]);
    // The transfer never approved is not offered; neither is any amount, date, memo or purpose.
    expect(offered.local).toEqual([{ payee: { recipientName: 'Sam Carter', recipientBankName: 'First Local Bank', recipientAccountNumber: '000123456789' }, lastPaidAt: expect.any(String) }]);
    const { amount: _amount, purpose: _purpose, memo: _memo, transferDate: _date, ...recipient } = international;
    expect(offered.international).toEqual([{ payee: recipient, lastPaidAt: expect.any(String) }]);
    expect(recipient.currency).toBe('EUR');

    // Being paid makes no payee of the payer, and nobody sees another customer's payees.
    expect((await payees(ben)).sameBank).toEqual([]);
    expect(await payees(other)).toEqual({ success: true, sameBank: [], local: [], international: [] });
  });

  it('offers the same payee again under the bank it was paid at, and at most five of a kind', async () => {
    const payer = await approvedCustomer(t.app, { funded: '1000.00' });
    const ben = await approvedCustomer(t.app);
    await paySameBank(payer, ben, '1.00');
    for (let i = 1; i <= 6; i++) await payOutbound(payer, 'local', localTransfer({ recipientAccountNumber: `00012345678${i}`, amount: '1.00' }));
    await payOutbound(payer, 'local', localTransfer({ recipientBankName: 'Second Local Bank', recipientAccountNumber: '000123456786', amount: '1.00' }));
    const offered = (await payees(payer)).local.map((p: { payee: Record<string, string> }) => `${p.payee.recipientBankName} ${p.payee.recipientAccountNumber}`);
    expect(offered).toEqual(['Second Local Bank 000123456786', 'First Local Bank 000123456786', 'First Local Bank 000123456785', 'First Local Bank 000123456784', 'First Local Bank 000123456783']);
  });

  it('looks back over the newest 500 transactions only, however long the history', async () => {
    const payer = await approvedCustomer(t.app, { funded: '100.00' });
    const ben = await approvedCustomer(t.app);
    await paySameBank(payer, ben, '1.00');
    expect((await payees(payer)).sameBank).toHaveLength(1);
    await t.app.db.query(`UPDATE transactions SET created_at = now() - interval '1 day' WHERE customer_id = $1`, [payer.id]);
    await insertCredits(t.app, payer.id, { prefix: `RP-${payer.accountNumber}-`, count: 500, apart: '1 millisecond' });
    expect((await payees(payer)).sameBank).toEqual([]);
  });

  it('answers a signed-out caller with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/transfer/recent-payees' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });
});
