import { createTestApp, type Session, type TestApp } from '../helpers/test-app';
import { applicationPayload } from '../cards/card-helpers';
import { NO_SUCH_ACCOUNT, household, type Household } from '../transactions/held-accounts';

/**
 * The dashboard of one account (docs/decisions/0062-accounts.md): given an `accountId` the caller holds, its balance,
 * flows, latest rows, count and cards are that account's; without one, the caller's primary account's.
 */
describe('GET /v1/dashboard/summary with accountId', () => {
  let t: TestApp;
  let h: Household;

  beforeAll(async () => {
    t = await createTestApp();
    h = await household(t.app, { funded: '100.00', secondFunded: '25.00' });
    // A card the joint holder took on the shared account: one of that account's cards, and one of theirs.
    const applied = await t.app.inject({ method: 'POST', url: '/v1/card', headers: h.joint.session.headers, payload: applicationPayload({ accountId: h.second.id }) });
    expect(applied.statusCode).toBe(201);
    const approved = await t.app.inject({ method: 'PATCH', url: `/v1/card/${applied.json().card.id}/approve`, headers: h.staff.headers });
    expect(approved.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const summary = (session: Session, query = '') => t.app.inject({ method: 'GET', url: `/v1/dashboard/summary${query}`, headers: { cookie: session.cookie } });

  it("answers the primary account's figures without accountId, every one of them that account's", async () => {
    const own = (await summary(h.owner.session)).json();
    expect(own).toMatchObject({ success: true, balance: '100.00', currency: 'USD', counts: { cards: 0, transactions: 1, transactionsCapped: false } });
    expect(own.inflow.amount).toBe('100.00');
    const joint = (await summary(h.joint.session)).json();
    // The joint holder's own primary account: the card they took is on the shared account, not here.
    expect(joint).toMatchObject({ balance: '0.00', counts: { cards: 0, transactions: 0 }, recent: [] });
  });

  it("answers the owner's second account's figures, and the primary's when named", async () => {
    const second = await summary(h.owner.session, `?accountId=${h.second.id}&timeZone=Europe/London`);
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body).toMatchObject({ balance: '25.00', currency: 'USD', inflow: { amount: '25.00' }, outflow: { amount: '0.00' }, counts: { cards: 1, transactions: 1 } });
    expect(body.recent.map((r: { amount: string }) => r.amount)).toEqual(['25.00']);
    expect(body.series[29].in).toBe('25.00');
    const primary = (await summary(h.owner.session, `?accountId=${h.primary.id}`)).json();
    expect(primary).toMatchObject({ balance: '100.00', inflow: { amount: '100.00' }, counts: { cards: 0, transactions: 1 } });
    expect(primary.recent.map((r: { amount: string }) => r.amount)).toEqual(['100.00']);
  });

  it('answers a joint and a dependant holder the shared account, as its owner sees it', async () => {
    const owners = (await summary(h.owner.session, `?accountId=${h.second.id}`)).json();
    for (const holder of [h.joint, h.dependant]) {
      const res = await summary(holder.session, `?accountId=${h.second.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ balance: '25.00', inflow: owners.inflow, counts: { cards: 1, transactions: 1 }, recent: owners.recent });
    }
    expect((await summary(h.joint.session, `?accountId=${h.primary.id}`)).statusCode).toBe(404);
  });

  it('answers a stranger 404 and a malformed id 400, each as JSON', async () => {
    for (const [session, id] of [
      [h.stranger.session, h.second.id],
      [h.owner.session, NO_SUCH_ACCOUNT],
    ] as const) {
      const res = await summary(session, `?accountId=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Account not found' });
    }
    const bad = await summary(h.owner.session, '?accountId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      error: 'accountId must be the id of one of your accounts',
      errors: { accountId: 'accountId must be the id of one of your accounts' },
    });
  });
});
