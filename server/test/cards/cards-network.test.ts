import { randomBytes } from 'node:crypto';
import { approvedCustomer, createTestApp, staffSession, type TestApp } from '../helpers/test-app';
import { authorise, cardOf, issuedCard } from './card-helpers';

const NETWORK_KEY = randomBytes(24).toString('hex');

/** Every journal balances per currency; every stored balance is the sum of its postings; card balances match the receivable. */
async function ledgerInvariants(t: TestApp) {
  const unbalanced = await t.app.db.query(`SELECT journal_id, currency, sum(amount_minor) FROM postings GROUP BY journal_id, currency HAVING sum(amount_minor) <> 0`);
  expect(unbalanced).toEqual([]);
  const drift = await t.app.db.query(`SELECT a.id FROM ledger_accounts a WHERE a.balance_minor <> (SELECT coalesce(sum(p.amount_minor), 0) FROM postings p WHERE p.account_id = a.id)`);
  expect(drift).toEqual([]);
  const [receivable] = await t.app.db.query(
    `SELECT coalesce((SELECT -balance_minor FROM ledger_accounts WHERE code = 'card_receivable:USD'), 0)::text AS owed, (SELECT coalesce(sum(owed_minor), 0) FROM cards WHERE currency = 'USD')::text AS cards`,
  );
  expect(receivable.owed).toBe(receivable.cards);
  const holds = await t.app.db.query(`SELECT c.id FROM cards c WHERE c.held_minor <> (SELECT coalesce(sum(amount_minor), 0) FROM card_authorisations a WHERE a.card_id = c.id AND a.status = 'held')`);
  expect(holds).toEqual([]);
}

describe('card network interface: POST /v1/network/card-authorisations, capture, void; POST /v1/card/:id/pay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ cardNetworkKey: NETWORK_KEY });
  });
  afterAll(() => t.close());

  it('approves a purchase as a hold, captures it into the balance owed, voids another, and the customer pays it off', async () => {
    const a = await approvedCustomer(t.app, { funded: '300.00' });
    const card = await issuedCard(t.app, a, { creditLimit: '500' });
    const held = await authorise(t.app, a.staff, card, { amount: '120.00', merchant: 'Grocer' });
    expect(held.statusCode).toBe(201);
    expect(held.json()).toMatchObject({ approved: true, authorisation: { status: 'held', amount: '120.00', merchant: 'Grocer', cardLast4: card.cardNumber.slice(-4) } });
    expect(held.body).not.toContain(card.cardNumber);
    expect(await cardOf(t.app, a.session, card.id)).toMatchObject({ holds: '120.00', availableCredit: '380.00', balanceOwed: '0.00' });

    const captured = await t.app.inject({ method: 'POST', url: `/v1/network/card-authorisations/${held.json().authorisation.id}/capture`, headers: a.staff.headers, payload: { amount: '100.00' } });
    expect(captured.json().authorisation).toMatchObject({ status: 'captured', capturedAmount: '100.00' });
    expect(await cardOf(t.app, a.session, card.id)).toMatchObject({ holds: '0.00', balanceOwed: '100.00', availableCredit: '400.00' });

    const other = await authorise(t.app, a.staff, card, { amount: '50.00' });
    const voided = await t.app.inject({ method: 'POST', url: `/v1/network/card-authorisations/${other.json().authorisation.id}/void`, headers: a.staff.headers });
    expect(voided.json().authorisation.status).toBe('voided');
    const twice = await t.app.inject({ method: 'POST', url: `/v1/network/card-authorisations/${other.json().authorisation.id}/capture`, headers: a.staff.headers, payload: {} });
    expect(twice.statusCode).toBe(409);
    expect(await cardOf(t.app, a.session, card.id)).toMatchObject({ holds: '0.00', availableCredit: '400.00' });

    const tooMuch = await t.app.inject({ method: 'POST', url: `/v1/card/${card.id}/pay`, headers: a.session.headers, payload: { amount: '100.01', pin: '2468' } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amount).toMatch(/more than the balance owed/);
    const key = { 'idempotency-key': `pay-${randomBytes(6).toString('hex')}` };
    const paid = await t.app.inject({ method: 'POST', url: `/v1/card/${card.id}/pay`, headers: { ...a.session.headers, ...key }, payload: { amount: '60.00', pin: '2468' } });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ card: { balanceOwed: '40.00', availableCredit: '460.00' }, transaction: { type: 'debit', amount: '60.00', kind: 'card_payment' } });
    const replay = await t.app.inject({ method: 'POST', url: `/v1/card/${card.id}/pay`, headers: { ...a.session.headers, ...key }, payload: { amount: '60.00', pin: '2468' } });
    expect(replay.json().card.balanceOwed).toBe('40.00');
    expect((await t.app.db.query(`SELECT balance_minor FROM ledger_accounts WHERE customer_id = $1`, [a.id]))[0].balance_minor).toBe('24000');
    const activity = await t.app.inject({ method: 'GET', url: `/v1/card/${card.id}/transactions`, headers: { cookie: a.session.cookie } });
    expect(activity.json().items.map((i: { kind: string; status: string }) => `${i.kind}:${i.status}`)).toEqual(['payment:success', 'purchase:voided', 'purchase:captured']);
    await ledgerInvariants(t);
  });

  it('declines with a reason: unknown or non-Luhn number, wrong CVV, wrong expiry, expired, blocked, too little credit, other currency', async () => {
    const a = await approvedCustomer(t.app);
    const card = await issuedCard(t.app, a, { creditLimit: '500' });
    const nonLuhn = card.cardNumber.slice(0, -1) + String((Number(card.cardNumber.slice(-1)) + 1) % 10);
    expect((await authorise(t.app, a.staff, card, { cardNumber: nonLuhn })).json()).toMatchObject({ approved: false, declineReason: 'unknown_card' });
    expect((await authorise(t.app, a.staff, card, { cardNumber: '4111111111111111' })).json()).toMatchObject({ approved: false, declineReason: 'unknown_card', authorisation: { cardId: null } });
    const wrongCvv = String((Number(card.cvv) + 1) % 1000).padStart(3, '0');
    expect((await authorise(t.app, a.staff, card, { cvv: wrongCvv })).json()).toMatchObject({ approved: false, declineReason: 'cvv_mismatch', message: 'Declined: wrong security code' });
    expect((await authorise(t.app, a.staff, card, { expiry: '01/27' })).json().declineReason).toBe('unknown_card');
    expect((await authorise(t.app, a.staff, card, { amount: '500.01' })).json().declineReason).toBe('insufficient_credit');
    expect((await authorise(t.app, a.staff, card, { currency: 'EUR' })).json().declineReason).toBe('currency_not_supported');
    const [month, year] = card.expiry.split('/').map(Number);
    t.app.clock.set(new Date(Date.UTC(2000 + year, month, 1)));
    try {
      expect((await authorise(t.app, a.staff, card)).json().declineReason).toBe('card_expired');
    } finally {
      t.app.clock.set(null);
    }
    await t.app.inject({ method: 'PATCH', url: `/v1/admin/cards/${card.id}/block`, headers: a.staff.headers, payload: { reason: 'Reported stolen' } });
    expect((await authorise(t.app, a.staff, card)).json().declineReason).toBe('card_blocked');
    expect(await cardOf(t.app, a.session, card.id)).toMatchObject({ holds: '0.00', balanceOwed: '0.00' });
    const declines = await t.app.db.query(`SELECT count(*)::int AS n FROM card_authorisations WHERE card_id = $1 AND status = 'declined'`, [card.id]);
    expect(declines[0].n).toBe(6);
  });

  it('refuses malformed requests with field messages, never a 500', async () => {
    const staff = await staffSession(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/network/card-authorisations',
      headers: staff.headers,
      payload: { cardNumber: '4111-1111', expiry: '2030-01', cvv: '1', amount: '-5', currency: 'XYZ', merchant: '', tip: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      cardNumber: 'Card number must be 12 to 19 digits',
      expiry: 'Expiry must be MM/YY',
      cvv: 'CVV must be 3 or 4 digits',
      amount: 'Amount must be greater than $0.01',
      currency: 'Please select a currency',
      tip: 'Unknown field: tip',
    });
    const missing = await t.app.inject({ method: 'POST', url: '/v1/network/card-authorisations/00000000-0000-4000-8000-000000000000/capture', headers: staff.headers, payload: {} });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'POST', url: '/v1/network/card-authorisations/nope/void', headers: staff.headers });
    expect(malformed.statusCode).toBe(404);
  });

  it('answers the network key or a staff admin; refuses auditors, customers, a wrong key and nobody', async () => {
    const a = await approvedCustomer(t.app);
    const card = await issuedCard(t.app, a);
    const payload = { cardNumber: card.cardNumber, expiry: card.expiry, cvv: card.cvv, amount: '10.00', currency: 'USD', merchant: 'Kiosk' };
    const viaKey = await t.app.inject({ method: 'POST', url: '/v1/network/card-authorisations', headers: { 'x-network-key': NETWORK_KEY }, payload });
    expect(viaKey.json()).toMatchObject({ approved: true });
    const capture = await t.app.inject({ method: 'POST', url: `/v1/network/card-authorisations/${viaKey.json().authorisation.id}/capture`, headers: { 'x-network-key': NETWORK_KEY }, payload: {} });
    expect(capture.json().authorisation.capturedAmount).toBe('10.00');
    expect((await t.app.inject({ method: 'POST', url: '/v1/network/card-authorisations', headers: { 'x-network-key': 'x'.repeat(48) }, payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/network/card-authorisations', payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/network/card-authorisations', headers: a.session.headers, payload })).statusCode).toBe(403);
    const auditor = await staffSession(t.app, 'auditor');
    expect((await t.app.inject({ method: 'POST', url: '/v1/network/card-authorisations', headers: auditor.headers, payload })).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: `/v1/admin/card-authorisations?filter=${encodeURIComponent(JSON.stringify({ cardId: card.id }))}`, headers: { cookie: auditor.cookie } });
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ status: 'captured', merchant: 'Kiosk' });
    expect(list.body).not.toContain(card.cardNumber);
  });

  it('keeps the ledger whole through a mixed run of authorisations, captures, voids and payments', async () => {
    const a = await approvedCustomer(t.app, { funded: '5000.00' });
    const cards = [await issuedCard(t.app, a, { creditLimit: '1500' }), await issuedCard(t.app, a, { cardType: 'discover', creditLimit: '1000' })];
    for (let i = 0; i < 12; i++) {
      const card = cards[i % 2];
      const res = await authorise(t.app, a.staff, card, { amount: `${(i + 1) * 7}.25` });
      const id = res.json().authorisation.id;
      if (i % 3 === 0) await t.app.inject({ method: 'POST', url: `/v1/network/card-authorisations/${id}/void`, headers: a.staff.headers });
      else if (i % 3 === 1) await t.app.inject({ method: 'POST', url: `/v1/network/card-authorisations/${id}/capture`, headers: a.staff.headers, payload: {} });
      if (i % 4 === 3) {
        const owed = (await cardOf(t.app, a.session, card.id)).balanceOwed;
        if (owed !== '0.00') await t.app.inject({ method: 'POST', url: `/v1/card/${card.id}/pay`, headers: a.session.headers, payload: { amount: owed, pin: '2468' } });
      }
    }
    await Promise.all(cards.map((card) => authorise(t.app, a.staff, card, { amount: '1.00' })));
    await ledgerInvariants(t);
    const figures = await Promise.all(cards.map((c) => cardOf(t.app, a.session, c.id)));
    for (const f of figures) expect(f.holds).not.toBe('0.00');
  });
});
