import { applicationPhotos, createTestApp, enrolmentPayload, login, pngDataUrl, registerCustomer, type TestApp } from '../helpers/test-app';

function multipartBody(fields: Record<string, string>, file: { field: string; name: string; bytes: Buffer; type: string }) {
  const boundary = '----strongroom-edge';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = Buffer.from(parts.join('') + `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`);
  return { payload: Buffer.concat([head, file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('identity edge cases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST /v1/auth/register', () => {
    it('refuses an image that is not a data URL, and a file in another field', async () => {
      for (const image of ['https://example.com/me.png', 42, 'data:image/png;base64,###']) {
        const res = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { ...enrolmentPayload(), image } });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.image).toBe('The image must be a data URL');
      }
      const { payload, headers } = multipartBody(enrolmentPayload() as Record<string, string>, {
        field: 'avatar',
        name: 'a.png',
        bytes: Buffer.from(pngDataUrl().split(',')[1], 'base64'),
        type: 'image/png',
      });
      const other = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload, headers });
      expect(other.statusCode).toBe(400);
      expect(other.json().errors.avatar).toBe('Unknown field: avatar');
    });

    it('refuses a PIN that is not 4 digits and a password out of range, with the spec messages', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { ...enrolmentPayload({ transactionPin: '12a4', password: 'short' }), ...applicationPhotos() } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({ transactionPin: 'PIN must be exactly 4 digits', password: 'Password must be at least 8 characters' });
    });
  });

  describe('POST /v1/auth/login before the e-mail is verified', () => {
    // Decision: an applicant may sign in before verifying the e-mail (the dashboard shows the review
    // status); user.emailVerified says whether the address is proven. Money waits for staff approval anyway.
    it('signs in with emailVerified false, and true once verified', async () => {
      const c = await registerCustomer(t.app);
      const before = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: c.password } });
      expect(before.statusCode).toBe(200);
      expect(before.json().user).toMatchObject({ emailVerified: false, status: 'pending_review' });
      await t.app.inject({ method: 'POST', url: '/v1/auth/verify-email', payload: { email: c.email, code: c.code } });
      const after = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { accountNumber: c.accountNumber, password: c.password } });
      expect(after.json().user.emailVerified).toBe(true);
    });
  });

  describe('app.requireApprovedCustomer', () => {
    it('lets a pending applicant sign in but not move money', async () => {
      const c = await registerCustomer(t.app);
      const s = await login(t.app, c.accountNumber, c.password as string);
      const res = await t.app.inject({ method: 'POST', url: '/v1/transfer/same', headers: s.headers, payload: { recipientAccountNumber: '1000000002', amount: '1.00', memo: 'x' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, error: 'Your application is under review. You can move money once it is approved.' });
    });
  });

  describe('POST /v1/auth/resend-code', () => {
    it('answers the same for an unknown e-mail and refuses a malformed one', async () => {
      const unknown = await t.app.inject({ method: 'POST', url: '/v1/auth/resend-code', payload: { email: 'nobody.here@example.com' } });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ success: true, message: 'If an application with this e-mail is awaiting verification, a new code is on its way.' });
      const bad = await t.app.inject({ method: 'POST', url: '/v1/auth/resend-code', payload: { email: 'nope' } });
      expect(bad.statusCode).toBe(400);
      const missing = await t.app.inject({ method: 'POST', url: '/v1/auth/resend-code', payload: {} });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('POST /v1/auth/logout', () => {
    it('clears the cookies even without a live session, and refuses a cookie logout without CSRF', async () => {
      const anon = await t.app.inject({ method: 'POST', url: '/v1/auth/logout' });
      expect(anon.statusCode).toBe(200);
      const cleared = ([] as string[]).concat(anon.headers['set-cookie'] as string[]);
      expect(cleared.find((h) => h.startsWith('sr_session='))).toMatch(/Expires=Thu, 01 Jan 1970/);
      const c = await registerCustomer(t.app);
      const s = await login(t.app, c.accountNumber, c.password as string);
      const forged = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { cookie: s.cookie } });
      expect(forged.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } })).statusCode).toBe(200);
    });

    it('revokes a Bearer session too', async () => {
      const c = await registerCustomer(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'x-session-mode': 'bearer' }, payload: { accountNumber: c.accountNumber, password: c.password } });
      const authorization = `Bearer ${res.json().token}`;
      expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { authorization } })).statusCode).toBe(401);
    });
  });

  describe('GET /v1/auth/check', () => {
    it('answers each of many concurrent sessions with its own customer, and none for a revoked one', async () => {
      const customers = await Promise.all(Array.from({ length: 8 }, () => registerCustomer(t.app)));
      const sessions = await Promise.all(
        customers.map(async (c) => {
          const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', headers: { 'x-session-mode': 'bearer' }, payload: { accountNumber: c.accountNumber, password: c.password } });
          return { accountNumber: c.accountNumber, authorization: `Bearer ${res.json().token}` };
        }),
      );
      await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: sessions[3].authorization } });
      // Sent together, the session checks share lookups; each must still come back to its own request.
      const answers = await Promise.all([...sessions, ...sessions].map((s) => t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { authorization: s.authorization } })));
      answers.forEach((res, i) => {
        const s = sessions[i % sessions.length];
        if (s === sessions[3]) expect(res.statusCode).toBe(401);
        else expect(res.json().user.accountNumber).toBe(s.accountNumber);
      });
    });

    it('refuses a signed token whose session id is not a session id', async () => {
      const token = t.app.jwt.sign({ sid: 'not-a-uuid', sub: 'x', kind: 'customer' });
      const res = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    });
  });

  describe('POST /v1/auth/change-password', () => {
    it('refuses a wrong current password, missing fields and unknown fields', async () => {
      const c = await registerCustomer(t.app);
      const s = await login(t.app, c.accountNumber, c.password as string);
      const wrong = await t.app.inject({ method: 'POST', url: '/v1/auth/change-password', headers: s.headers, payload: { currentPassword: 'Not!MyPass1', newPassword: 'N3w!Password' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });
      const missing = await t.app.inject({ method: 'POST', url: '/v1/auth/change-password', headers: s.headers, payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors.currentPassword).toBe('Current password is required');
      const extra = await t.app.inject({ method: 'POST', url: '/v1/auth/change-password', headers: s.headers, payload: { currentPassword: c.password, newPassword: 'N3w!Password', userId: 'x' } });
      expect(extra.json().errors.userId).toBe('Unknown field: userId');
      const unauth = await t.app.inject({ method: 'POST', url: '/v1/auth/change-password', payload: { currentPassword: c.password, newPassword: 'N3w!Password' } });
      expect(unauth.statusCode).toBe(401);
    });
  });

  describe('PUT /v1/user/profile', () => {
    it('refuses a 6 MB picture and a picture that is not an image, and needs a session', async () => {
      const c = await registerCustomer(t.app);
      const s = await login(t.app, c.accountNumber, c.password as string);
      const profile = {
        firstName: 'Dana',
        middleName: '',
        lastName: 'Okafor',
        email: c.email,
        phone: '+1 718 555 0142',
        dob: '1990-05-17',
        address: '55 Water Street, Apt 3',
        city: 'Brooklyn',
        state: 'New York',
        zipcode: '11201',
        country: 'US',
      };
      const big = Buffer.concat([Buffer.from(pngDataUrl().split(',')[1], 'base64'), Buffer.alloc(6 * 1024 * 1024)]);
      const tooBig = await t.app.inject({ method: 'PUT', url: '/v1/user/profile', headers: s.headers, payload: { ...profile, image: pngDataUrl(big) } });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().errors.image).toBe('Image must be 5MB or less');
      const notImage = await t.app.inject({
        method: 'PUT',
        url: '/v1/user/profile',
        headers: s.headers,
        payload: { ...profile, image: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` },
      });
      expect(notImage.statusCode).toBe(400);
      expect(notImage.json().errors.image).toBe('Only JPG, PNG or WEBP images are allowed.');
      expect((await t.app.inject({ method: 'PUT', url: '/v1/user/profile', payload: profile })).statusCode).toBe(401);
    });
  });
});
