import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Session } from '../helpers/test-app';
import { multipartBody, uniquePng, type UploadFile } from '../cheques/cheque-fixtures';

export { uniquePng, uniqueJpeg, multipartBody } from '../cheques/cheque-fixtures';

export interface BuyOptions {
  fields?: Record<string, string>;
  files?: UploadFile[];
  headers?: Record<string, string>;
}

/** POST /v1/crypto/buy as the browser sends it: fields plus a fresh PNG receipt unless given. */
export function buy(app: FastifyInstance, session: Session, opts: BuyOptions = {}): Promise<LightMyRequestResponse> {
  const body = multipartBody(opts.fields ?? { crypto: 'BTC', amount: '0.01', network: 'Bitcoin' }, opts.files ?? [{ field: 'receipt', bytes: uniquePng() }]);
  return app.inject({ method: 'POST', url: '/v1/crypto/buy', payload: body.payload, headers: { ...session.headers, ...body.headers, ...opts.headers } });
}

export const SELL_TO = {
  BTC: { address: 'bc1qcustomerwallet000000000000000000000001', network: 'Bitcoin' },
  ETH: { address: '0xC0ffee0000000000000000000000000000000042', network: 'Ethereum (ERC-20)' },
  USDT: { address: 'TCustomerWalletUsdt00000000000000001', network: 'Tron (TRC-20)' },
} as const;

export function sell(app: FastifyInstance, session: Session, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const symbol = String(body.crypto ?? 'BTC') as keyof typeof SELL_TO;
  return app.inject({ method: 'POST', url: '/v1/crypto/sell', headers: { ...session.headers, ...headers }, payload: { ...(SELL_TO[symbol] ?? SELL_TO.BTC), ...body } });
}

export async function decideRequest(app: FastifyInstance, staff: Session, id: string, decision: 'approve' | 'reject', reason = 'Not found on the chain') {
  const res = await app.inject({ method: 'PATCH', url: `/v1/crypto/${id}/${decision}`, headers: staff.headers, payload: decision === 'reject' ? { reason } : {} });
  if (res.statusCode !== 200) throw new Error(`${decision} failed ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Deposits `amount` of `symbol` and has staff approve it: the customer then holds it. */
export async function holdCrypto(app: FastifyInstance, session: Session, staff: Session, crypto: string, amount: string): Promise<string> {
  const res = await buy(app, session, { fields: { crypto, amount } });
  if (res.statusCode !== 201) throw new Error(`buy failed ${res.statusCode}: ${res.body}`);
  const { id } = res.json().request;
  await decideRequest(app, staff, id, 'approve');
  return id;
}

export async function portfolio(app: FastifyInstance, session: Session) {
  const res = await app.inject({ method: 'GET', url: '/v1/crypto', headers: { cookie: session.cookie } });
  if (res.statusCode !== 200) throw new Error(`portfolio failed ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Units in a ledger account found by its code ('crypto_custody:BTC') or by customer and asset. */
export async function units(app: FastifyInstance, where: { code: string } | { customerId: string; symbol: string }): Promise<bigint> {
  const [row] =
    'code' in where
      ? await app.db.query(`SELECT balance_minor::text AS b FROM ledger_accounts WHERE code = $1`, [where.code])
      : await app.db.query(`SELECT balance_minor::text AS b FROM ledger_accounts WHERE customer_id = $1 AND currency = $2`, [where.customerId, where.symbol]);
  return row ? BigInt(row.b) : 0n;
}

/** The ledger's invariants: every journal balances per currency, every balance equals its postings, no customer below zero. */
export async function expectLedgerInvariants(app: FastifyInstance): Promise<void> {
  expect(await app.db.query(`SELECT journal_id FROM postings GROUP BY journal_id, currency HAVING sum(amount_minor) <> 0`)).toEqual([]);
  expect(await app.db.query(`SELECT currency FROM ledger_accounts GROUP BY currency HAVING sum(balance_minor) <> 0`)).toEqual([]);
  expect(await app.db.query(`SELECT a.id FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id GROUP BY a.id HAVING a.balance_minor <> coalesce(sum(p.amount_minor), 0)`)).toEqual([]);
  expect(await app.db.query(`SELECT id FROM ledger_accounts WHERE kind = 'customer' AND balance_minor < 0`)).toEqual([]);
  // No posting is in a currency other than its account's: an asset never meets money in one account.
  expect(await app.db.query(`SELECT p.id FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.currency <> p.currency`)).toEqual([]);
}
