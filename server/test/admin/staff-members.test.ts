import { freshOtp } from '../helpers/totp';
import { createTestApp, lastMail, sessionFrom, staffSession, type Session, type TestApp } from '../helpers/test-app';

const PASSWORD = 'Colleague!Passw0rd-2026';

describe('staff members: /v1/admin/staff and /v1/admin/auth/accept-invitation', () => {
  let t: TestApp;
  let admin: Session;
  let auditor: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffSession(t.app, 'admin');
    auditor = await staffSession(t.app, 'auditor');
  });
  afterAll(() => t.close());

  const invite = (session: Session, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/admin/staff', headers: session.headers, payload });
  const change = (session: Session, id: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/v1/admin/staff/${id}`, headers: session.headers, payload });
  const accept = (token: string, password = PASSWORD) => t.app.inject({ method: 'POST', url: '/v1/admin/auth/accept-invitation', payload: { token, password } });
  const login = (email: string, otp?: string) => t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload: { email, password: PASSWORD, ...(otp ? { otp } : {}) } });
  const tokenIn = (text: string) => /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(text)![1];
  const audit = (targetId: string) => t.app.db.query(`SELECT action, actor_email, details FROM audit_log WHERE target_type = 'staff_user' AND target_id = $1 ORDER BY id`, [targetId]);
  const ownId = async (session: Session) => (await t.app.inject({ method: 'GET', url: '/v1/admin/auth/check', headers: { cookie: session.cookie } })).json().staff.id as string;

  /** Invited, then signed in for the first time: the password from the link, then the authenticator set up. */
  async function colleague(role: 'admin' | 'auditor') {
    const email = `colleague.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@bank.test`;
    const invited = await invite(admin, { email, name: 'Dana Colleague', role });
    expect(invited.statusCode).toBe(201);
    expect((await accept(tokenIn((await lastMail(t.app, email)).bodyText))).statusCode).toBe(200);
    const { secret } = (await login(email)).json().enrolment;
    const signedIn = await login(email, await freshOtp(secret));
    expect(signedIn.statusCode).toBe(200);
    return { id: invited.json().id as string, email, session: sessionFrom(signedIn, 'staff') };
  }

  it('invites a colleague by e-mail; they set a password from the link once, then set up their authenticator at first sign-in', async () => {
    const email = `Dana.${Date.now()}@Bank.test`;
    const res = await invite(admin, { email, name: 'Dana Okoye', role: 'auditor' });
    expect(res.statusCode).toBe(201);
    const member = res.json();
    expect(member).toMatchObject({ email: email.toLowerCase(), name: 'Dana Okoye', role: 'auditor', status: 'invited', active: true, authenticatorEnrolled: false, lastSignInAt: null });
    expect(Date.parse(member.invitationExpiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);

    const mail = await lastMail(t.app, email);
    expect(mail.template).toBe('staffInvitation');
    expect(mail.bodyText).toContain(`${t.app.config.consoleUrl}#/accept-invitation?token=`);
    // Staff reading the outbox never see the link's token.
    expect(mail.redactedText).toContain('?token=[redacted]');
    const token = tokenIn(mail.bodyText);

    // Before the password is set the member cannot sign in, with the answer of a wrong password.
    expect((await login(email)).json()).toMatchObject({ success: false, error: 'Invalid e-mail or password' });
    const weak = await accept(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBeDefined();
    expect((await accept(token)).json()).toMatchObject({ success: true, email: email.toLowerCase() });
    const again = await accept(token, 'Another!Passw0rd-2026');
    expect(again.json()).toEqual({ success: false, error: 'This invitation link is invalid or has expired', errors: { token: 'This invitation link is invalid or has expired' } });

    const first = await login(email);
    expect(first.json()).toMatchObject({ mfaRequired: true, enrolmentRequired: true });
    const signedIn = await login(email, await freshOtp(first.json().enrolment.secret));
    expect(signedIn.json()).toMatchObject({ success: true, staff: { email: email.toLowerCase(), role: 'auditor' } });
    const shown = await t.app.inject({ method: 'GET', url: `/v1/admin/staff/${member.id}`, headers: { cookie: admin.cookie } });
    expect(shown.json()).toMatchObject({ status: 'active', authenticatorEnrolled: true, invitationExpiresAt: null });
    expect(shown.json().lastSignInAt).not.toBeNull();
    expect((await audit(member.id)).map((row: { action: string }) => row.action)).toEqual(['staff.invite', 'staff.invitation_accepted']);
  });

  it('refuses an expired link, and a resent one replaces it', async () => {
    const email = `late.${Date.now()}@bank.test`;
    const { id } = (await invite(admin, { email, name: 'Lee Late', role: 'auditor' })).json();
    const first = tokenIn((await lastMail(t.app, email)).bodyText);
    const resent = await t.app.inject({ method: 'POST', url: `/v1/admin/staff/${id}/invitation`, headers: admin.headers });
    expect(resent.statusCode).toBe(200);
    const second = tokenIn((await lastMail(t.app, email)).bodyText);
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(400);
    await t.app.db.query(`UPDATE staff_users SET invitation_expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    expect((await accept(second)).json().error).toBe('This invitation link is invalid or has expired');
    // Once a password is set there is nothing to resend.
    await t.app.db.query(`UPDATE staff_users SET invitation_expires_at = now() + interval '1 hour' WHERE id = $1`, [id]);
    expect((await accept(second)).statusCode).toBe(200);
    const late = await t.app.inject({ method: 'POST', url: `/v1/admin/staff/${id}/invitation`, headers: admin.headers });
    expect(late.json()).toEqual({ success: false, error: 'This member has already set a password' });
  });

  it("says the form's messages, and refuses an e-mail already on the staff", async () => {
    const bad = await invite(admin, { email: 'not-an-email', name: 'D', role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: 'Enter a valid email address', name: 'Name must be 2 to 100 characters', role: 'Please select a role' });
    const email = `twice.${Date.now()}@bank.test`;
    expect((await invite(admin, { email, name: 'Tam Twice', role: 'auditor' })).statusCode).toBe(201);
    const taken = await invite(admin, { email: email.toUpperCase(), name: 'Tam Twice', role: 'admin' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'A staff member with this e-mail already exists' });
    expect((await invite(admin, { email: `x.${Date.now()}@bank.test`, name: 'Xi', role: 'admin', active: true })).json().errors).toEqual({ active: 'Unknown field: active' });
  });

  it('lets auditors read the staff list and nothing more; customers and strangers not even that', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/v1/admin/staff?sort=["name","ASC"]&range=[0,99]', headers: { cookie: auditor.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toMatch(/^staff 0-\d+\/\d+$/);
    const names = list.json().map((m: { name: string }) => m.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    for (const body of list.json()) expect(Object.keys(body).some((key) => /password|secret|token/i.test(key))).toBe(false);
    expect((await invite(auditor, { email: `no.${Date.now()}@bank.test`, name: 'No One', role: 'admin' })).statusCode).toBe(403);
    const someone = list.json()[0].id;
    expect((await change(auditor, someone, { role: 'admin' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/staff' })).statusCode).toBe(401);
  });

  it("changes a colleague's role at once and takes access away with their sessions, but never one's own", async () => {
    const dana = await colleague('admin');
    // Their role is read at each request: demoted, the same session may no longer invite.
    expect((await change(admin, dana.id, { role: 'auditor', name: 'Dana C. Colleague' })).json()).toMatchObject({ role: 'auditor', name: 'Dana C. Colleague', status: 'active' });
    expect((await invite(dana.session, { email: `n.${Date.now()}@bank.test`, name: 'New One', role: 'auditor' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/staff', headers: { cookie: dana.session.cookie } })).statusCode).toBe(200);

    expect((await change(admin, dana.id, { active: false })).json()).toMatchObject({ status: 'deactivated', active: false });
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/staff', headers: { cookie: dana.session.cookie } })).statusCode).toBe(401);
    expect((await login(dana.email, '123456')).json().error).toBe('Invalid e-mail or password');
    expect((await change(admin, dana.id, { active: true })).json()).toMatchObject({ status: 'active' });

    const rows = await audit(dana.id);
    expect(rows.slice(-3).map((row: { details: { changed: unknown } }) => row.details.changed)).toEqual([
      { name: ['Dana Colleague', 'Dana C. Colleague'], role: ['admin', 'auditor'] },
      { active: [true, false] },
      { active: [false, true] },
    ]);
    expect(rows.at(-1).actor_email).toMatch(/^admin\./);

    const me = await ownId(admin);
    for (const own of [{ role: 'auditor' }, { active: false }]) {
      const refused = await change(admin, me, own);
      expect(refused.json()).toEqual({ success: false, error: 'You cannot change your own role or access; ask another admin' });
    }
    expect((await change(admin, me, { name: 'Renamed Admin' })).json()).toMatchObject({ name: 'Renamed Admin', role: 'admin', active: true });
    expect((await change(admin, '00000000-0000-4000-8000-000000000000', { name: 'Nobody Here' })).statusCode).toBe(404);
  });
});
