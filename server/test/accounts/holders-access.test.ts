import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { answer, holdersList, invite, makeHolder, person, type Person } from './holders-helpers';

/**
 * Who may use each holder route (docs/decisions/0062-accounts.md, account-roles.ts): the owner and a joint holder
 * manage, a dependant only sees (and may leave), a stranger finds no account, staff and the signed-out are refused
 * before anything is read; and every route answers bad input with the 400 error envelope.
 */
describe('account holders: who may do what, and bad input', () => {
  let t: TestApp;
  let staff: Session;
  let owner: Person;
  let joint: Person;
  let dependant: Person;
  let stranger: Person;
  let dependantId: string;
  let jointId: string;
  const base = () => `/v1/accounts/${owner.accountId}/holders`;

  beforeAll(async () => {
    t = await createTestApp({ lookupRateLimitPerMinute: 10_000 });
    staff = await staffSession(t.app);
    owner = await person(t.app, staff, 'Ona', 'Owner');
    joint = await person(t.app, staff, 'Jon', 'Joint');
    dependant = await person(t.app, staff, 'Dee', 'Dependant');
    stranger = await person(t.app, staff, 'Stu', 'Stranger');
    jointId = await makeHolder(t.app, owner, joint, 'joint');
    dependantId = await makeHolder(t.app, owner, dependant, 'dependant', '20.00');
  });
  afterAll(() => t.close());

  const as = (session: Session | null) => (session ? session.headers : {});
  const codeOf = (res: LightMyRequestResponse) => res.statusCode;
  const anon: Session | null = null;

  it('GET /accounts/{id}/holders: every holder sees them; a stranger finds no account; staff and the signed-out are refused', async () => {
    for (const who of [owner, joint, dependant]) {
      const res = await holdersList(t.app, who.session, owner.accountId);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((h: { name: string }) => h.name)).toEqual(['Ona O.', 'Jon J.', 'Dee D.']);
    }
    const strange = await holdersList(t.app, stranger.session, owner.accountId);
    expect(strange.statusCode).toBe(404);
    expect(strange.json()).toEqual({ success: false, error: 'Account not found' });
    expect(codeOf(await t.app.inject({ method: 'GET', url: base(), headers: as(staff) }))).toBe(401);
    expect(codeOf(await t.app.inject({ method: 'GET', url: base(), headers: as(anon) }))).toBe(401);
    // A stranger's own holders list is theirs alone.
    expect((await holdersList(t.app, owner.session, stranger.accountId)).statusCode).toBe(404);
  });

  it('POST /accounts/{id}/holders: the owner and a joint holder invite; a dependant may not; a stranger finds no account; staff are refused', async () => {
    const a = await person(t.app, staff, 'Ann', 'Invitee');
    const b = await person(t.app, staff, 'Ben', 'Invitee');
    expect(codeOf(await invite(t.app, owner.session, owner.accountId, { accountNumber: a.accountNumber, role: 'joint' }))).toBe(201);
    const byJoint = await invite(t.app, joint.session, owner.accountId, { accountNumber: b.accountNumber, role: 'dependant', dailyLimit: '3.00' });
    expect(byJoint.statusCode).toBe(201);
    const [row] = await t.app.db.query(`SELECT invited_by FROM account_holders WHERE id = $1`, [byJoint.json().invitation.id]);
    expect(row.invited_by).toBe(joint.id);

    const c = await person(t.app, staff, 'Cy', 'Invitee');
    const byDependant = await invite(t.app, dependant.session, owner.accountId, { accountNumber: c.accountNumber, role: 'joint' });
    expect(byDependant.statusCode).toBe(403);
    expect(byDependant.json().error).toBe('Only the account owner or a joint holder can change this account');
    expect(codeOf(await invite(t.app, stranger.session, owner.accountId, { accountNumber: c.accountNumber, role: 'joint' }))).toBe(404);
    expect(codeOf(await t.app.inject({ method: 'POST', url: base(), headers: as(staff), payload: { accountNumber: c.accountNumber, role: 'joint' } }))).toBe(401);
    const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM account_holders WHERE customer_id = $1`, [c.id]);
    expect(n).toBe(0);
  });

  it("PATCH /accounts/{id}/holders/{holderId}: the owner and a joint holder set a dependant's limit; the dependant may not raise their own", async () => {
    const patch = (who: Session | null, dailyLimit: string) => t.app.inject({ method: 'PATCH', url: `${base()}/${dependantId}`, headers: as(who), payload: { dailyLimit } });
    expect((await patch(owner.session, '30.00')).json().holder.dailyLimit).toBe('30.00');
    expect((await patch(joint.session, '25.00')).json().holder.dailyLimit).toBe('25.00');
    const own = await patch(dependant.session, '1000.00');
    expect(own.statusCode).toBe(403);
    expect(codeOf(await patch(stranger.session, '1000.00'))).toBe(404);
    expect(codeOf(await patch(staff, '1000.00'))).toBe(401);
    const [row] = await t.app.db.query(`SELECT daily_limit_minor::text AS minor FROM account_holders WHERE id = $1`, [dependantId]);
    expect(row.minor).toBe('2500');
    // A holder id of another account is not found on this one.
    const elsewhere = await person(t.app, staff, 'Eve', 'Elsewhere');
    const theirs = await makeHolder(t.app, stranger, elsewhere, 'dependant', '5.00');
    expect(codeOf(await t.app.inject({ method: 'PATCH', url: `${base()}/${theirs}`, headers: as(owner.session), payload: { dailyLimit: '9.00' } }))).toBe(404);
  });

  it('DELETE /accounts/{id}/holders/{holderId}: a dependant cannot remove others, a stranger finds nothing, staff are refused', async () => {
    const del = (who: Session | null, id: string) => t.app.inject({ method: 'DELETE', url: `${base()}/${id}`, headers: as(who) });
    const refused = await del(dependant.session, jointId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only the account owner or a joint holder can change this account');
    expect(codeOf(await del(stranger.session, dependantId))).toBe(404);
    expect(codeOf(await del(staff, dependantId))).toBe(401);
    const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM account_holders WHERE id = ANY($1::uuid[]) AND status = 'active'`, [[jointId, dependantId]]);
    expect(n).toBe(2);
  });

  it('invitation routes: only the invitee sees and answers an invitation; staff and the signed-out are refused', async () => {
    const invitee = await person(t.app, staff, 'Ivy', 'Invitee');
    const id = (await invite(t.app, owner.session, owner.accountId, { accountNumber: invitee.accountNumber, role: 'joint' })).json().invitation.id;
    for (const who of [owner, joint, dependant, stranger]) {
      const list = await t.app.inject({ method: 'GET', url: '/v1/accounts/invitations', headers: who.session.headers });
      expect(list.json().items.map((i: { id: string }) => i.id)).not.toContain(id);
      for (const action of ['accept', 'decline'] as const) expect(codeOf(await answer(t.app, who.session, id, action))).toBe(404);
    }
    expect(codeOf(await t.app.inject({ method: 'GET', url: '/v1/accounts/invitations', headers: as(staff) }))).toBe(401);
    expect(codeOf(await t.app.inject({ method: 'GET', url: '/v1/accounts/invitations', headers: as(anon) }))).toBe(401);
    for (const action of ['accept', 'decline']) {
      expect(codeOf(await t.app.inject({ method: 'POST', url: `/v1/accounts/invitations/${id}/${action}`, headers: as(staff) }))).toBe(401);
    }
    const [row] = await t.app.db.query(`SELECT status FROM account_holders WHERE id = $1`, [id]);
    expect(row.status).toBe('invited');
    expect((await t.app.inject({ method: 'GET', url: '/v1/accounts/invitations', headers: invitee.session.headers })).json().items.map((i: { id: string }) => i.id)).toEqual([id]);
  });

  describe('bad input: 400 with the error envelope', () => {
    const expect400 = (res: LightMyRequestResponse, errors?: Record<string, string>) => {
      expect({ status: res.statusCode, type: res.headers['content-type'] }).toEqual({ status: 400, type: expect.stringContaining('application/json') });
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
      if (errors) expect(res.json().errors).toEqual(errors);
    };

    it('POST /accounts/{id}/holders', async () => {
      const post = (payload: unknown) => t.app.inject({ method: 'POST', url: base(), headers: { ...owner.session.headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      const number = stranger.accountNumber;
      expect400(await post([]));
      expect400(await post('joint'));
      expect400(await post({}), { accountNumber: 'Enter the account number of the person you are inviting', role: 'Choose joint holder or family member' });
      expect400(await post({ accountNumber: '12345', role: 'joint' }), { accountNumber: 'Account number must be 10 digits' });
      expect400(await post({ accountNumber: 1234567890, role: 'joint' }));
      expect400(await post({ accountNumber: number, role: 'owner' }), { role: 'Choose joint holder or family member' });
      expect400(await post({ accountNumber: number, role: 'dependant' }), { dailyLimit: 'Enter a daily limit' });
      expect400(await post({ accountNumber: number, role: 'dependant', dailyLimit: '-5.00' }), { dailyLimit: 'The daily limit cannot be negative' });
      expect400(await post({ accountNumber: number, role: 'dependant', dailyLimit: '5.001' }));
      expect400(await post({ accountNumber: number, role: 'dependant', dailyLimit: 'lots' }));
      expect400(await post({ accountNumber: number, role: 'joint', dailyLimit: '5.00' }), { dailyLimit: 'Only a family member (dependant) has a daily limit' });
      expect400(await post({ accountNumber: number, role: 'joint', admin: true }), { admin: 'Unknown field: admin' });
      const malformed = await t.app.inject({ method: 'POST', url: base(), headers: { ...owner.session.headers, 'content-type': 'application/json' }, payload: '{"role":' });
      expect400(malformed);
      const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM account_holders WHERE customer_id = $1`, [stranger.id]);
      expect(n).toBe(0);
      // A malformed account id names no account: the same 404 as one the caller does not hold.
      expect(codeOf(await t.app.inject({ method: 'POST', url: '/v1/accounts/not-a-uuid/holders', headers: owner.session.headers, payload: { accountNumber: number, role: 'joint' } }))).toBe(404);
    });

    it('PATCH /accounts/{id}/holders/{holderId}', async () => {
      const patch = (payload: unknown) =>
        t.app.inject({ method: 'PATCH', url: `${base()}/${dependantId}`, headers: { ...owner.session.headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      const limitNow = async () => (await t.app.db.query(`SELECT daily_limit_minor::text AS minor FROM account_holders WHERE id = $1`, [dependantId]))[0].minor;
      const before = await limitNow();
      expect400(await patch({}), { dailyLimit: 'Enter a daily limit' });
      expect400(await patch({ dailyLimit: '' }), { dailyLimit: 'Enter a daily limit' });
      expect400(await patch({ dailyLimit: null }));
      expect400(await patch({ dailyLimit: '-1' }), { dailyLimit: 'The daily limit cannot be negative' });
      expect400(await patch({ dailyLimit: '99999999999999999' }));
      expect400(await patch({ dailyLimit: '5.00', role: 'joint' }), { role: 'Unknown field: role' });
      expect400(await patch(['5.00']));
      expect(await limitNow()).toBe(before);
      expect(codeOf(await t.app.inject({ method: 'PATCH', url: `${base()}/nope`, headers: owner.session.headers, payload: { dailyLimit: '1.00' } }))).toBe(404);
    });

    it('accept, decline and DELETE read no body: a malformed one is a 400, a malformed id a 404', async () => {
      const invitee = await person(t.app, staff, 'Bo', 'Body');
      const id = (await invite(t.app, owner.session, owner.accountId, { accountNumber: invitee.accountNumber, role: 'joint' })).json().invitation.id;
      const json = { 'content-type': 'application/json' };
      for (const action of ['accept', 'decline']) {
        expect400(await t.app.inject({ method: 'POST', url: `/v1/accounts/invitations/${id}/${action}`, headers: { ...invitee.session.headers, ...json }, payload: '{"x"' }));
        expect(codeOf(await t.app.inject({ method: 'POST', url: `/v1/accounts/invitations/123/${action}`, headers: invitee.session.headers }))).toBe(404);
      }
      expect400(await t.app.inject({ method: 'DELETE', url: `${base()}/${id}`, headers: { ...owner.session.headers, ...json }, payload: '{"x"' }));
      expect(codeOf(await t.app.inject({ method: 'DELETE', url: `${base()}/123`, headers: owner.session.headers }))).toBe(404);
      const [row] = await t.app.db.query(`SELECT status FROM account_holders WHERE id = $1`, [id]);
      expect(row.status).toBe('invited');
    });
  });
});

describe('account holders: invitations are limited per customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ lookupRateLimitPerMinute: 2 });
  });
  afterAll(() => t.close());

  it('refuses a customer trying account numbers faster than the payee lookup allows, without touching another customer', async () => {
    const staff = await staffSession(t.app);
    const owner = await person(t.app, staff, 'Rae', 'Rapid');
    const other = await person(t.app, staff, 'Oz', 'Other');
    const tries = [];
    for (const number of ['1000000001', '1000000002', '1000000003']) tries.push((await invite(t.app, owner.session, owner.accountId, { accountNumber: number, role: 'joint' })).statusCode);
    expect(tries).toEqual([404, 404, 429]);
    expect((await invite(t.app, other.session, other.accountId, { accountNumber: '1000000004', role: 'joint' })).statusCode).toBe(404);
  });
});
