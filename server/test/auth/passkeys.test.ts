import { createTestApp, login, registerCustomer, type TestApp } from '../helpers/test-app';

// The whole ceremony (a real authenticator) is exercised in e2e/passkeys.e2e.test.ts with Chromium's virtual
// authenticator; here: the server's side of each step and who may touch what.
describe('customer passkeys API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('issues creation options for the signed-in customer, bound to this site, as a discoverable credential', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/passkeys/registration-options' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/passkeys/registration-options', headers: s.headers });
    expect(res.statusCode).toBe(200);
    const { options } = res.json();
    expect(options.rp).toEqual({ name: 'Strongroom Bank', id: new URL(t.config.publicUrl).hostname });
    expect(options.user.name).toBe(c.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const [stored] = await t.app.db.query(`SELECT purpose, customer_id FROM webauthn_challenges WHERE challenge = $1`, [options.challenge]);
    expect(stored).toEqual({ purpose: 'register', customer_id: c.id });
  });

  it('refuses a response that is not a real attestation, and lists nothing', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    await t.app.inject({ method: 'POST', url: '/v1/auth/passkeys/registration-options', headers: s.headers });
    const bogus = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/passkeys',
      headers: s.headers,
      payload: { name: 'Laptop', response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {} } },
    });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toEqual({ success: false, error: 'That passkey could not be verified. Try again.' });
    const unnamed = await t.app.inject({ method: 'POST', url: '/v1/auth/passkeys', headers: s.headers, payload: { name: ' ', response: {} } });
    expect(unnamed.json().errors.name).toBe('Give this passkey a name');
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/passkeys', headers: { cookie: s.cookie } })).json()).toEqual({ success: true, passkeys: [] });
  });

  it("removes only the customer's own passkeys (another's is the same 404 as a missing one)", async () => {
    const owner = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const [key] = await t.app.db.query(`INSERT INTO customer_passkeys (customer_id, credential_id, public_key, name) VALUES ($1, 'cred-owner', '\\x00', 'Phone') RETURNING id`, [owner.id]);
    const so = await login(t.app, other.accountNumber, other.password as string);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/v1/auth/passkeys/${key.id}`, headers: so.headers });
    expect(foreign.statusCode).toBe(404);
    const s = await login(t.app, owner.accountNumber, owner.password as string);
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/auth/passkeys', headers: { cookie: s.cookie } })).json().passkeys;
    expect(listed).toEqual([{ id: key.id, name: 'Phone', createdAt: expect.any(String), lastUsedAt: null }]);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/auth/passkeys/${key.id}`, headers: s.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/passkeys', headers: { cookie: s.cookie } })).json().passkeys).toEqual([]);
  });

  it('signs nobody in with an unknown credential', async () => {
    const options = (await t.app.inject({ method: 'POST', url: '/v1/auth/passkey-login/options' })).json().options;
    expect(options.userVerification).toBe('required');
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/passkey-login', payload: { response: { id: 'nobody', rawId: 'nobody', type: 'public-key', response: {} } } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
