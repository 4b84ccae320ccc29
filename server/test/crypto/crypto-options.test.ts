import { createTestApp, login, registerCustomer, type TestApp } from '../helpers/test-app';
import { seedCryptoOptions } from '../../src/modules/crypto/crypto.service';

describe('GET /v1/crypto/options', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCryptoOptions(t.app.db.manager);
    await seedCryptoOptions(t.app.db.manager); // idempotent
  });
  afterAll(() => t.close());

  it('lists the custody assets with deposit details and USD reference prices', async () => {
    const c = await registerCustomer(t.app);
    const s = await login(t.app, c.accountNumber, c.password as string);
    const res = await t.app.inject({ method: 'GET', url: '/v1/crypto/options', headers: { cookie: s.cookie } });
    const { cryptoOptions } = res.json();
    expect(cryptoOptions.map((o: { symbol: string }) => o.symbol)).toEqual(['BTC', 'ETH', 'LTC', 'SOL', 'USDT']);
    expect(cryptoOptions.find((o: { symbol: string }) => o.symbol === 'BTC')).toMatchObject({ crypto: 'Bitcoin', network: 'Bitcoin', referencePriceUsd: '64250.00' });
  });

  it('needs a signed-in customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/crypto/options' })).statusCode).toBe(401);
  });
});
