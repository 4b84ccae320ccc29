import { approvedCustomer, capturedLog, createTestApp, type TestApp } from '../helpers/test-app';
import { applyForCard, authorise, issuedCard } from './card-helpers';

describe('POST /v1/card/:id/reveal, PATCH /v1/card/:id/freeze|unfreeze', () => {
  let t: TestApp;
  const { stream: logStream, lines: logLines } = capturedLog();
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'debug' }, { logStream });
  });
  afterAll(() => t.close());

  it('shows number, expiry and CVV to the owner with the PIN, uncached and audited; another customer gets 404', async () => {
    const a = await approvedCustomer(t.app);
    const id = await applyForCard(t.app, a.session, { cardType: 'mastercard' });
    await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/approve`, headers: a.staff.headers });
    const res = await t.app.inject({ method: 'POST', url: `/v1/card/${id}/reveal`, headers: a.session.headers, payload: { pin: '2468' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { cardNumber, expiry, cvv } = res.json();
    expect(cardNumber).toMatch(/^(5[1-5]|2[2-7])\d{14}$/);
    expect(expiry).toMatch(/^\d{2}\/\d{2}$/);
    expect(cvv).toMatch(/^\d{3}$/);
    const twice = await t.app.inject({ method: 'POST', url: `/v1/card/${id}/reveal`, headers: a.session.headers, payload: { pin: '2468' } });
    expect(twice.json().cvv).toBe(cvv);
    const audit = await t.app.db.query(`SELECT details FROM audit_log WHERE action = 'card.reveal' AND target_id = $1`, [id]);
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(cardNumber);

    const b = await approvedCustomer(t.app, { staff: a.staff });
    const stranger = await t.app.inject({ method: 'POST', url: `/v1/card/${id}/reveal`, headers: b.session.headers, payload: { pin: '2468' } });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(cardNumber);
    expect((await t.app.inject({ method: 'PATCH', url: `/v1/card/${id}/freeze`, headers: b.session.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/card/${id}/transactions`, headers: { cookie: b.session.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/v1/card/${id}/pay`, headers: b.session.headers, payload: { amount: '1.00', pin: '2468' } })).statusCode).toBe(404);
  });

  it('refuses a wrong PIN, counts it, and locks reveals like payments after too many', async () => {
    const a = await approvedCustomer(t.app);
    const card = await issuedCard(t.app, a);
    const wrong = await t.app.inject({ method: 'POST', url: `/v1/card/${card.id}/reveal`, headers: a.session.headers, payload: { pin: '0000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.pin).toBe('Incorrect PIN');
    expect(wrong.body).not.toContain(card.cardNumber);
    const bad = await t.app.inject({ method: 'POST', url: `/v1/card/${card.id}/reveal`, headers: a.session.headers, payload: { pin: '12', extra: true } });
    expect(bad.json().errors).toMatchObject({ pin: 'PIN must be exactly 4 digits', extra: 'Unknown field: extra' });
    for (let i = 0; i < 4; i++) await t.app.inject({ method: 'POST', url: `/v1/card/${card.id}/reveal`, headers: a.session.headers, payload: { pin: '0000' } });
    const locked = await t.app.inject({ method: 'POST', url: `/v1/card/${card.id}/reveal`, headers: a.session.headers, payload: { pin: '2468' } });
    expect(locked.statusCode).toBe(423);
  });

  it('refuses to reveal a card that is not issued yet', async () => {
    const a = await approvedCustomer(t.app);
    const id = await applyForCard(t.app, a.session);
    const res = await t.app.inject({ method: 'POST', url: `/v1/card/${id}/reveal`, headers: a.session.headers, payload: { pin: '2468' } });
    expect(res.statusCode).toBe(409);
  });

  it('freezes and unfreezes a card (frozen cards decline) and counts issued cards on the dashboard', async () => {
    const a = await approvedCustomer(t.app);
    const card = await issuedCard(t.app, a);
    const frozen = await t.app.inject({ method: 'PATCH', url: `/v1/card/${card.id}/freeze`, headers: a.session.headers });
    expect(frozen.json()).toMatchObject({ success: true, message: 'Card frozen', card: { frozen: true } });
    const declined = await authorise(t.app, a.staff, card);
    expect(declined.json()).toMatchObject({ approved: false, declineReason: 'card_frozen' });
    const thawed = await t.app.inject({ method: 'PATCH', url: `/v1/card/${card.id}/unfreeze`, headers: a.session.headers });
    expect(thawed.json().card.frozen).toBe(false);
    expect((await authorise(t.app, a.staff, card)).json().approved).toBe(true);
    const dashboard = await t.app.inject({ method: 'GET', url: '/v1/dashboard/summary', headers: { cookie: a.session.cookie } });
    expect(dashboard.json().counts.cards).toBe(1);
  });

  it('leaves no full card number and no CVV anywhere in the database or the server log', async () => {
    const a = await approvedCustomer(t.app);
    const cards = [await issuedCard(t.app, a, { cardType: 'visa' }), await issuedCard(t.app, a, { cardType: 'american_express' }), await issuedCard(t.app, a, { cardType: 'discover' })];
    for (const card of cards) {
      await authorise(t.app, a.staff, card);
      await authorise(t.app, a.staff, card, { cvv: card.cvv === '999' ? '998' : '999' });
    }
    await t.app.background.idle();
    const tables = await t.app.db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
    let dump = '';
    for (const { tablename } of tables as { tablename: string }[]) {
      const rowsOfTable = await t.app.db.query(`SELECT t::text AS line FROM "${tablename}" t`);
      dump += rowsOfTable.map((r: { line: string }) => r.line).join('\n');
    }
    expect(tables.length).toBeGreaterThan(10);
    expect(dump).toContain(cards[0].cardNumber.slice(-4));
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(dump).not.toContain(card.cardNumber);
      expect(log).not.toContain(card.cardNumber);
      // A 3-4 digit CVV could occur by chance in unrelated numbers; look for it as a value of its own.
      expect(dump).not.toMatch(new RegExp(`cvv[^0-9]{0,6}${card.cvv}\\b`, 'i'));
      expect(log).not.toMatch(new RegExp(`"cvv":"?${card.cvv}\\b`));
      expect(log).not.toMatch(new RegExp(`\\b${card.cvv}\\b.*card`, 'i'));
    }
  });
});
