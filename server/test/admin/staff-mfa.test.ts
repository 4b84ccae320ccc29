import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { AdminService } from '../../src/modules/admin/admin.service';
import { createTestApp, sessionFrom, staffMember, type TestApp } from '../helpers/test-app';
import { freshOtp } from '../helpers/totp';

const login = (t: TestApp, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/admin/auth/login', payload });

describe('staff second factor (POST /v1/admin/auth/login with otp)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 mfaRequired without a code, and without a right code, for an enrolled member', async () => {
    const member = await staffMember(t.app);
    const bare = await login(t, { email: member.email, password: member.password });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ success: false, error: 'Enter the 6-digit code from your authenticator app', mfaRequired: true });
    expect(bare.headers['set-cookie']).toBeUndefined();
    const wrong = await login(t, { email: member.email, password: member.password, otp: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().mfaRequired).toBe(true);
    const right = await login(t, { email: member.email, password: member.password, otp: await freshOtp(member.totpSecret) });
    expect(right.statusCode).toBe(200);
    sessionFrom(right, 'staff');
  });

  it('never gives the second factor away for a wrong password', async () => {
    const member = await staffMember(t.app);
    const res = await login(t, { email: member.email, password: 'Wrong!Passw0rd', otp: await freshOtp(member.totpSecret) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'Invalid e-mail or password' });
  });

  it('accepts each code once: a replayed code is refused', async () => {
    const member = await staffMember(t.app);
    const otp = await freshOtp(member.totpSecret);
    expect((await login(t, { email: member.email, password: member.password, otp })).statusCode).toBe(200);
    const replay = await login(t, { email: member.email, password: member.password, otp });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().mfaRequired).toBe(true);
  });

  it('enrols a new member at first sign-in: QR code, then recovery codes shown once and usable once', async () => {
    const email = `new.${randomBytes(4).toString('hex')}@bank.test`;
    await new AdminService(t.app).ensureStaff(email, 'Staff!Passw0rd-long', 'auditor', 'New Member');
    const first = await login(t, { email, password: 'Staff!Passw0rd-long' });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ mfaRequired: true, enrolmentRequired: true });
    const { secret, qrCodeDataUrl } = first.json().enrolment;
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // A retry shows the same secret (the member may have scanned it already).
    expect((await login(t, { email, password: 'Staff!Passw0rd-long' })).json().enrolment.secret).toBe(secret);
    const wrong = await login(t, { email, password: 'Staff!Passw0rd-long', otp: '123456' === (await generate({ secret })) ? '654321' : '123456' });
    expect(wrong.json()).toMatchObject({ mfaRequired: true, enrolmentRequired: true });

    const done = await login(t, { email, password: 'Staff!Passw0rd-long', otp: await freshOtp(secret) });
    expect(done.statusCode).toBe(200);
    const codes: string[] = done.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [stored] = await t.app.db.query(`SELECT totp_secret_encrypted AS sealed FROM staff_users WHERE email = $1`, [email]);
    expect(stored.sealed).not.toContain(secret);
    const hashes = await t.app.db.query(`SELECT code_hash FROM staff_recovery_codes s JOIN staff_users u ON u.id = s.staff_id WHERE u.email = $1`, [email]);
    expect(hashes.map((h: { code_hash: string }) => h.code_hash)).not.toContain(codes[0]);

    // Enrolled now: no more enrolment, and a recovery code stands in for the authenticator once.
    const again = await login(t, { email, password: 'Staff!Passw0rd-long' });
    expect(again.json()).toEqual({ success: false, error: 'Enter the 6-digit code from your authenticator app', mfaRequired: true });
    expect((await login(t, { email, password: 'Staff!Passw0rd-long', otp: codes[0] })).statusCode).toBe(200);
    expect((await login(t, { email, password: 'Staff!Passw0rd-long', otp: codes[0] })).statusCode).toBe(401);
    expect(done.json().recoveryCodes).toBeDefined();
    expect((await login(t, { email, password: 'Staff!Passw0rd-long', otp: codes[1] })).json().recoveryCodes).toBeUndefined();
  });

  it('counts wrong codes toward the lockout', async () => {
    const member = await staffMember(t.app);
    for (let i = 0; i < 5; i++) await login(t, { email: member.email, password: member.password, otp: '000000' });
    const locked = await login(t, { email: member.email, password: member.password, otp: await freshOtp(member.totpSecret) });
    expect(locked.statusCode).toBe(423);
  });
});
