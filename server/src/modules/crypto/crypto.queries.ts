import { rows, type Queryable } from '../../common/sql';

export type CryptoRequestKind = 'deposit' | 'withdrawal';
export type CryptoRequestStatusValue = 'pending' | 'awaiting_second_approval' | 'approved' | 'rejected';
export const CRYPTO_STATUSES: CryptoRequestStatusValue[] = ['pending', 'awaiting_second_approval', 'approved', 'rejected'];
export const CRYPTO_KINDS: CryptoRequestKind[] = ['deposit', 'withdrawal'];

/** A custody asset as the wallet needs it (any asset, active or not: old holdings stay visible). */
export interface AssetRow {
  symbol: string;
  name: string;
  network: string;
  deposit_address: string;
  icon: string;
  reference_price_usd_minor: string;
  network_fee_units: string;
  unit_decimals: number;
  active: boolean;
}

export interface CryptoRequestRow {
  id: string;
  customer_id: string;
  kind: CryptoRequestKind;
  symbol: string;
  unit_decimals: number;
  units: string;
  fee_units: string;
  network: string;
  address: string;
  reference_price_usd_minor: string;
  receipt_file_id: string | null;
  receipt_sha256: string | null;
  status: CryptoRequestStatusValue;
  status_reason: string | null;
  reserve_reference: string | null;
  settle_reference: string | null;
  created_at: Date;
  updated_at: Date;
  name: string;
  icon: string;
  customer_name?: string;
  customer_account_number?: string;
}

export interface NewCryptoRequest {
  customerId: string;
  kind: CryptoRequestKind;
  symbol: string;
  unitDecimals: number;
  units: bigint;
  feeUnits: bigint;
  network: string;
  address: string;
  referencePriceUsdMinor: bigint;
  receiptFileId: string | null;
  receiptSha256: string | null;
  reserveReference: string | null;
}

const ASSET_COLUMNS = `symbol, name, network, deposit_address, icon, reference_price_usd_minor, network_fee_units::text, unit_decimals, active`;

export async function findAsset(db: Queryable, symbol: string): Promise<AssetRow | undefined> {
  const [row] = await rows<AssetRow>(db, `SELECT ${ASSET_COLUMNS} FROM crypto_options WHERE symbol = $1`, [symbol]);
  return row;
}

/** The caller's holdings: ledger accounts whose currency is an asset symbol, with the units reserved for pending withdrawals. */
export async function customerHoldings(db: Queryable, customerId: string): Promise<(AssetRow & { account_id: string; available_units: string; reserved_units: string })[]> {
  return rows(
    db,
    `SELECT a.id::text AS account_id, a.balance_minor::text AS available_units,
            coalesce((SELECT sum(r.units + r.fee_units) FROM crypto_requests r
                       WHERE r.customer_id = a.customer_id AND r.symbol = o.symbol AND r.kind = 'withdrawal'
                         AND r.status IN ('pending','awaiting_second_approval')), 0)::text AS reserved_units,
            o.symbol, o.name, o.network, o.deposit_address, o.icon, o.reference_price_usd_minor, o.network_fee_units::text, o.unit_decimals, o.active
       FROM ledger_accounts a JOIN crypto_options o ON o.symbol = a.currency
      WHERE a.customer_id = $1
      ORDER BY o.symbol`,
    [customerId],
  );
}

/** How many assets the customer holds any units of (available or reserved): the dashboard's count. */
export async function countCryptoHoldings(db: Queryable, customerId: string): Promise<number> {
  const [row] = await rows<{ count: string }>(
    db,
    `SELECT count(*) FROM ledger_accounts a JOIN crypto_options o ON o.symbol = a.currency
      WHERE a.customer_id = $1
        AND (a.balance_minor > 0 OR EXISTS (SELECT 1 FROM crypto_requests r WHERE r.customer_id = a.customer_id AND r.symbol = o.symbol
                                             AND r.kind = 'withdrawal' AND r.status IN ('pending','awaiting_second_approval')))`,
    [customerId],
  );
  return Number(row.count);
}

/** A customer's holding account of `symbol` (balance = available units), created empty on first use. */
export async function openHolding(db: Queryable, customerId: string, symbol: string): Promise<{ id: string; balance: bigint }> {
  await db.query(
    `INSERT INTO ledger_accounts (customer_id, kind, currency) VALUES ($1, 'customer', $2) ON CONFLICT (customer_id, currency) WHERE customer_id IS NOT NULL AND NOT secondary_account DO NOTHING`,
    [customerId, symbol],
  );
  const [row] = await rows<{ id: string; balance_minor: string }>(db, `SELECT id::text, balance_minor::text FROM ledger_accounts WHERE customer_id = $1 AND currency = $2`, [customerId, symbol]);
  return { id: row.id, balance: BigInt(row.balance_minor) };
}

export async function insertCryptoRequest(db: Queryable, input: NewCryptoRequest): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    `INSERT INTO crypto_requests (customer_id, kind, symbol, unit_decimals, units, fee_units, network, address, reference_price_usd_minor, receipt_file_id, receipt_sha256, reserve_reference)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
    [
      input.customerId,
      input.kind,
      input.symbol,
      input.unitDecimals,
      input.units.toString(),
      input.feeUnits.toString(),
      input.network,
      input.address,
      input.referencePriceUsdMinor.toString(),
      input.receiptFileId,
      input.receiptSha256,
      input.reserveReference,
    ],
  );
  return row.id;
}

const COLUMNS = `r.id, r.customer_id, r.kind, r.symbol, r.unit_decimals, r.units::text, r.fee_units::text, r.network, r.address, r.reference_price_usd_minor::text,
  r.receipt_file_id, r.receipt_sha256, r.status, r.status_reason, r.reserve_reference, r.settle_reference, r.created_at, r.updated_at, o.name, o.icon`;
const FROM = `crypto_requests r JOIN crypto_options o ON o.symbol = r.symbol`;
const STAFF_COLUMNS = `${COLUMNS}, concat_ws(' ', c.first_name, c.last_name) AS customer_name, c.account_number AS customer_account_number`;
const STAFF_FROM = `${FROM} JOIN customers c ON c.id = r.customer_id`;

export async function findCryptoRequest(db: Queryable, id: string): Promise<CryptoRequestRow | undefined> {
  const [row] = await rows<CryptoRequestRow>(db, `SELECT ${STAFF_COLUMNS} FROM ${STAFF_FROM} WHERE r.id = $1`, [id]);
  return row;
}

/** The request locked for a decision. */
export async function lockCryptoRequest(db: Queryable, id: string): Promise<CryptoRequestRow | undefined> {
  const [row] = await rows<CryptoRequestRow>(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1 FOR UPDATE OF r`, [id]);
  return row;
}

export async function setCryptoRequestStatus(db: Queryable, id: string, status: CryptoRequestStatusValue, reason: string | null): Promise<void> {
  await db.query(`UPDATE crypto_requests SET status = $2, status_reason = $3, updated_at = now() WHERE id = $1`, [id, status, reason]);
}

export async function setSettleReference(db: Queryable, id: string, reference: string): Promise<void> {
  await db.query(`UPDATE crypto_requests SET settle_reference = $2, updated_at = now() WHERE id = $1`, [id, reference]);
}

/** Whether a deposit that is not rejected already carries this receipt image. */
export async function receiptUsedBefore(db: Queryable, sha256: string): Promise<boolean> {
  const found = await rows(db, `SELECT 1 FROM crypto_requests WHERE kind = 'deposit' AND status <> 'rejected' AND receipt_sha256 = $1 LIMIT 1`, [sha256]);
  return found.length > 0;
}

export async function customerCryptoRequests(db: Queryable, customerId: string, page: { offset: number; limit: number }): Promise<{ items: CryptoRequestRow[]; total: number }> {
  const items = await rows<CryptoRequestRow>(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE r.customer_id = $1 ORDER BY r.created_at DESC, r.id LIMIT $2 OFFSET $3`, [customerId, page.limit, page.offset]);
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM crypto_requests WHERE customer_id = $1`, [customerId]);
  return { items, total: Number(count) };
}

export interface StaffCryptoFilter {
  status: CryptoRequestStatusValue | null;
  kind: CryptoRequestKind | null;
  symbol: string | null;
  customerId: string | null;
  /** Part of the customer's name, their account number, or a wallet address. */
  search: string | null;
}

const SORT_COLUMNS: Record<string, string> = { createdAt: 'r.created_at', amount: 'r.units', status: 'r.status', kind: 'r.kind', symbol: 'r.symbol' };
export const CRYPTO_SORTS = Object.keys(SORT_COLUMNS);

export async function staffCryptoRequests(
  db: Queryable,
  filter: StaffCryptoFilter,
  page: { sortField: string; sortOrder: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ items: CryptoRequestRow[]; total: number }> {
  const where = `($1::text IS NULL OR r.status = $1) AND ($2::text IS NULL OR r.kind = $2) AND ($3::text IS NULL OR r.symbol = $3)
    AND ($4::uuid IS NULL OR r.customer_id = $4)
    AND ($5::text IS NULL OR c.account_number = $5 OR r.address = $5 OR lower(concat_ws(' ', c.first_name, c.last_name)) LIKE '%' || lower($5) || '%')`;
  const params = [filter.status, filter.kind, filter.symbol, filter.customerId, filter.search];
  const order = `${SORT_COLUMNS[page.sortField] ?? 'r.created_at'} ${page.sortOrder}, r.id`;
  const items = await rows<CryptoRequestRow>(db, `SELECT ${STAFF_COLUMNS} FROM ${STAFF_FROM} WHERE ${where} ORDER BY ${order} LIMIT $6 OFFSET $7`, [...params, page.limit, page.offset]);
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM crypto_requests r JOIN customers c ON c.id = r.customer_id WHERE ${where}`, params);
  return { items, total: Number(count) };
}

export const PENDING_CRYPTO_REQUESTS_SQL = `SELECT count(*) AS count FROM crypto_requests WHERE status IN ('pending','awaiting_second_approval')`;

/** A holding's balance as booked, in the asset's units. */
export async function holdingBalanceUnits(db: Queryable, accountId: string): Promise<bigint> {
  const [now] = await rows<{ b: string }>(db, `SELECT balance_minor::text AS b FROM ledger_accounts WHERE id = $1`, [accountId]);
  return BigInt(now.b);
}

/** Where to tell a customer about their wallet. */
export async function walletOwnerContact(db: Queryable, customerId: string): Promise<{ email: string; first_name: string } | undefined> {
  const [customer] = await rows<{ email: string; first_name: string }>(db, `SELECT email, first_name FROM customers WHERE id = $1`, [customerId]);
  return customer;
}
