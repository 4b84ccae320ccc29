import { approvedCustomer, createTestApp, staffSession, type Session, type TestApp } from '../helpers/test-app';
import { seedCryptoOptions } from '../../src/modules/crypto/crypto.service';
import { buy, decideRequest, expectLedgerInvariants, holdCrypto, multipartBody, sell, uniquePng, units } from './crypto-fixtures';

describe('crypto wallet and the ledger', () => {
  let t: TestApp;
  let staff: Session;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCryptoOptions(t.app.db.manager);
    staff = await staffSession(t.app);
  });
  afterAll(() => t.close());

  it('two concurrent sales of the same units: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await approvedCustomer(t.app, { staff });
      await holdCrypto(t.app, c.session, staff, 'ETH', '1');
      // Each needs 0.9 + 0.0012 ETH; the holding has 1 ETH: only one can have it.
      const [a, b] = await Promise.all([
        sell(t.app, c.session, { crypto: 'ETH', amount: '0.9' }),
        sell(t.app, c.session, { crypto: 'ETH', amount: '0.9', address: '0xC0ffee0000000000000000000000000000000077' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
      const refused = a.statusCode === 400 ? a : b;
      expect(refused.json().errors.amount).toMatch(/^Not enough ETH in your wallet: this withdrawal needs 0\.9012 ETH including the network fee, and 0\.0988 ETH is available$/);
      // 1 - 0.9012 ETH, in units of 10^-9 ETH.
      expect(await units(t.app, { customerId: c.id, symbol: 'ETH' })).toBe(98_800_000n);
      const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM crypto_requests WHERE customer_id = $1 AND kind = 'withdrawal'`, [c.id]);
      expect(n).toBe(1);
    }
    await expectLedgerInvariants(t.app);
  });

  it('Idempotency-Key: a repeated sale or deposit is answered once; the same key with another body is refused', async () => {
    const c = await approvedCustomer(t.app, { staff });
    await holdCrypto(t.app, c.session, staff, 'BTC', '0.02');
    const key = { 'idempotency-key': 'sell-once-0001' };
    const first = await sell(t.app, c.session, { crypto: 'BTC', amount: '0.005' }, key);
    const again = await sell(t.app, c.session, { crypto: 'BTC', amount: '0.005' }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().request.id).toBe(first.json().request.id);
    expect(await units(t.app, { customerId: c.id, symbol: 'BTC' })).toBe(2_000_000n - 500_000n - 5_000n);
    const other = await sell(t.app, c.session, { crypto: 'BTC', amount: '0.006' }, key);
    expect(other.statusCode).toBe(422);

    const receipt = uniquePng();
    const body = multipartBody({ crypto: 'LTC', amount: '2' }, [{ field: 'receipt', bytes: receipt }]);
    const send = (k: string, payload = body) =>
      t.app.inject({ method: 'POST', url: '/v1/crypto/buy', payload: payload.payload, headers: { ...c.session.headers, ...payload.headers, 'idempotency-key': k } });
    const d1 = await send('buy-once-0001');
    const d2 = await send('buy-once-0001');
    expect(d1.statusCode).toBe(201);
    expect(d2.json().request.id).toBe(d1.json().request.id);
    const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM crypto_requests WHERE customer_id = $1 AND symbol = 'LTC'`, [c.id]);
    expect(n).toBe(1);
    // Same fields, another image: another request, so the same key is refused.
    const otherImage = multipartBody({ crypto: 'LTC', amount: '2' }, [{ field: 'receipt', bytes: uniquePng() }]);
    expect((await send('buy-once-0001', otherImage)).statusCode).toBe(422);
  });

  it('after a mixed run of deposits and withdrawals, approved and rejected, every unit is accounted for', async () => {
    const customers = await Promise.all([0, 1, 2].map(() => approvedCustomer(t.app, { staff })));
    const expected = new Map<string, bigint>();
    const add = (id: string, symbol: string, delta: bigint) => expected.set(`${id}:${symbol}`, (expected.get(`${id}:${symbol}`) ?? 0n) + delta);
    const before = { custody: await units(t.app, { code: 'crypto_custody:USDT' }), fees: await units(t.app, { code: 'fee_income:USDT' }) };
    let custodyDelta = 0n;
    let feeDelta = 0n;
    for (const [index, c] of customers.entries()) {
      // Deposits of 100, 200, 300 USDT approved; one of 50 rejected.
      const amount = BigInt(100 * (index + 1));
      await holdCrypto(t.app, c.session, staff, 'USDT', amount.toString());
      add(c.id, 'USDT', amount * 1_000_000n);
      custodyDelta -= amount * 1_000_000n;
      const rejected = (await buy(t.app, c.session, { fields: { crypto: 'USDT', amount: '50' } })).json().request;
      await decideRequest(t.app, staff, rejected.id, 'reject');
      // Two withdrawals of 10.5 USDT (fee 1 USDT each): one approved, one rejected.
      const w1 = (await sell(t.app, c.session, { crypto: 'USDT', amount: '10.5' })).json().request;
      const w2 = (await sell(t.app, c.session, { crypto: 'USDT', amount: '10.5' })).json().request;
      await decideRequest(t.app, staff, w1.id, 'approve');
      await decideRequest(t.app, staff, w2.id, 'reject');
      add(c.id, 'USDT', -11_500_000n);
      custodyDelta += 10_500_000n;
      feeDelta += 1_000_000n;
      // One withdrawal still waiting: reserved, not yet sent.
      const w3 = await sell(t.app, c.session, { crypto: 'USDT', amount: '5' });
      expect(w3.statusCode).toBe(201);
      add(c.id, 'USDT', -6_000_000n);
    }
    for (const c of customers) expect(await units(t.app, { customerId: c.id, symbol: 'USDT' })).toBe(expected.get(`${c.id}:USDT`));
    expect((await units(t.app, { code: 'crypto_custody:USDT' })) - before.custody).toBe(custodyDelta);
    expect((await units(t.app, { code: 'fee_income:USDT' })) - before.fees).toBe(feeDelta);
    // Pending holds exactly what the waiting withdrawals reserved.
    const [{ reserved }] = await t.app.db.query(
      `SELECT coalesce(sum(units + fee_units), 0)::text AS reserved FROM crypto_requests WHERE symbol = 'USDT' AND kind = 'withdrawal' AND status = 'pending'`,
    );
    expect(await units(t.app, { code: 'pending_outbound:USDT' })).toBe(BigInt(reserved));
    // Crypto never reaches money: no customer-visible money rows, no money account touched by a crypto journal.
    const [{ n }] = await t.app.db.query(`SELECT count(*)::int AS n FROM transactions WHERE kind LIKE 'crypto%'`);
    expect(n).toBe(0);
    const mixed = await t.app.db.query(
      `SELECT j.id FROM journals j JOIN postings p ON p.journal_id = j.id JOIN ledger_accounts a ON a.id = p.account_id
        WHERE j.kind LIKE 'crypto%' AND a.currency NOT IN (SELECT symbol FROM crypto_options)`,
    );
    expect(mixed).toEqual([]);
    await expectLedgerInvariants(t.app);
  });
});
