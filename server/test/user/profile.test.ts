import { createTestApp, login, pngDataUrl, registerCustomer, staffSession, type TestApp } from '../helpers/test-app';

const profile = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Dana',
  middleName: '',
  lastName: 'Okafor-Smith',
  email: `dana.${Math.random().toString(36).slice(2)}@example.com`,
  phone: '+1 718 555 0142',
  dob: '1990-05-17',
  address: '77 Front Street, Floor 2',
  city: 'Brooklyn',
  state: 'New York',
  zipcode: '11201',
  country: 'US',
  occupation: 'Business / Sales',
  ...overrides,
});

describe('PUT /v1/user/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('updates the profile and the picture, and returns the new user', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    const res = await t.app.inject({ method: 'PUT', url: '/v1/user/profile', headers: s.headers, payload: { ...profile({ email: c.email }), image: pngDataUrl() } });
    expect(res.statusCode).toBe(200);
    const { user, message } = res.json();
    expect(message).toBe('Profile updated successfully');
    expect(user).toMatchObject({ lastName: 'Okafor-Smith', city: 'Brooklyn', middleName: null });
    expect(user.image).toMatch(/^\/v1\/files\//);
    const img = await t.app.inject({ method: 'GET', url: user.image, headers: { cookie: s.cookie } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('answers with the spec messages for bad fields', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/auth/profile',
      headers: s.headers,
      payload: profile({ firstName: 'D', email: 'nope', phone: '12345', address: 'short', zipcode: '12', city: 'B', state: 'N', country: 'U', role: 'admin' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      firstName: 'First name must be at least 2 characters',
      email: 'Invalid email address',
      phone: 'Phone number must be at least 10 digits',
      address: 'Address must be at least 10 characters',
      city: 'City must be at least 2 characters',
      state: 'State must be at least 2 characters',
      zipcode: 'Zip code must be at least 5 characters',
      country: 'Country must be at least 2 characters',
      role: 'Unknown field: role',
    });
  });

  it('refuses a new e-mail address through the profile: that needs the password and a code', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    const res = await t.app.inject({ method: 'PUT', url: '/v1/user/profile', headers: s.headers, payload: profile({ email: 'someone.else@example.com' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe('To change your e-mail address, use Change e-mail under Security');
  });

  it("does not show one customer's picture to another", async () => {
    const a = await registerCustomer(t.app);
    const b = await registerCustomer(t.app);
    const sa = await login(t.app, a.accountNumber, a.password as string);
    const sb = await login(t.app, b.accountNumber, b.password as string);
    const up = await t.app.inject({ method: 'PUT', url: '/v1/user/profile', headers: sa.headers, payload: { ...profile({ email: a.email }), image: pngDataUrl() } });
    const url = up.json().user.image as string;
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: sb.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const staff = await staffSession(t.app, 'auditor');
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: staff.cookie } })).statusCode).toBe(200);
  });
});

describe('PUT /v1/user/notification-preferences', () => {
  it('saves all seven preferences on the server and refuses partial or wrongly typed input', async () => {
    const t = await createTestApp();
    try {
      const c = await registerCustomer(t.app);
      const s = await login(t.app, c.accountNumber, c.password as string);
      const prefs = { emailNotifications: false, smsNotifications: true, pushNotifications: true, marketingEmails: false, securityAlerts: true, transactionAlerts: false, lowBalanceAlerts: true };
      const res = await t.app.inject({ method: 'PUT', url: '/v1/user/notification-preferences', headers: s.headers, payload: prefs });
      expect(res.json()).toMatchObject({ success: true, message: 'Notification settings updated!' });
      const get = await t.app.inject({ method: 'GET', url: '/v1/user/notification-preferences', headers: { cookie: s.cookie } });
      expect(get.json().preferences).toEqual(prefs);
      const check = await t.app.inject({ method: 'GET', url: '/v1/auth/check', headers: { cookie: s.cookie } });
      expect(check.json().user.preference).toEqual({ email: false, sms: true, push: true });
      const partial = await t.app.inject({ method: 'PUT', url: '/v1/user/notification-preferences', headers: s.headers, payload: { emailNotifications: 'yes' } });
      expect(partial.statusCode).toBe(400);
      expect(Object.keys(partial.json().errors)).toContain('smsNotifications');
    } finally {
      await t.close();
    }
  });
});
