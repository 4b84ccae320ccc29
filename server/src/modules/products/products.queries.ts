import { rows, type Queryable } from '../../common/sql';

export interface ProductRow {
  code: string;
  name: string;
  interest_bearing: boolean;
  day_count: string;
  posting_frequency: string;
  minimum_opening_minor: string;
  forfeit_days: number | null;
}

/** One tier of a schedule: from this balance (minor units, any two-decimal currency) at this yearly rate. */
export interface TierRow {
  fromMinor: string;
  ratePercent: string;
}

export interface ScheduleRow {
  product: string;
  term_months: number;
  change_id: string;
  effective_from: string;
  tiers: TierRow[];
}

const PRODUCT_COLUMNS = `code, name, interest_bearing, day_count, posting_frequency, minimum_opening_minor::text, forfeit_days`;
// The catalogue reads in the order customers meet the products.
const PRODUCT_ORDER = `array_position(ARRAY['checking','savings','business','fixed_deposit']::varchar[], code)`;

export function productRows(db: Queryable): Promise<ProductRow[]> {
  return rows<ProductRow>(db, `SELECT ${PRODUCT_COLUMNS} FROM deposit_products ORDER BY ${PRODUCT_ORDER}`);
}

export async function productRow(db: Queryable, code: string): Promise<ProductRow | undefined> {
  const [row] = await rows<ProductRow>(db, `SELECT ${PRODUCT_COLUMNS} FROM deposit_products WHERE code = $1`, [code]);
  return row;
}

/** A change's tiers as JSON, lowest first (rates as PostgreSQL writes numeric(7,4): '1.5000'). */
const tiersOf = (changeId: string) =>
  `(SELECT json_agg(json_build_object('fromMinor', t.from_minor::text, 'ratePercent', t.rate_percent::text) ORDER BY t.from_minor) FROM rate_tiers t WHERE t.change_id = ${changeId})`;

/** Each product's (and term's) schedule in force on `onDate`: the database's rates_in_force, one row per schedule. */
export function schedulesInForce(db: Queryable, onDate: string): Promise<ScheduleRow[]> {
  return rows<ScheduleRow>(
    db,
    `SELECT r.product, r.term_months, r.change_id::text, to_char(c.effective_from, 'YYYY-MM-DD') AS effective_from,
            json_agg(json_build_object('fromMinor', r.from_minor::text, 'ratePercent', r.rate_percent::text) ORDER BY r.from_minor) AS tiers
       FROM rates_in_force($1::date) r JOIN rate_changes c ON c.id = r.change_id
      GROUP BY r.product, r.term_months, r.change_id, c.effective_from
      ORDER BY r.product, r.term_months`,
    [onDate],
  );
}

/**
 * Changes effective after `onDate`, each the schedule that will be in force from its date (of two changes for the
 * same product, term and date, the later one).
 */
export function scheduledChanges(db: Queryable, onDate: string): Promise<ScheduleRow[]> {
  return rows<ScheduleRow>(
    db,
    `SELECT s.product, s.term_months, s.id::text AS change_id, to_char(s.effective_from, 'YYYY-MM-DD') AS effective_from, ${tiersOf('s.id')} AS tiers
       FROM (SELECT DISTINCT ON (c.product, c.term_months, c.effective_from) c.id, c.product, c.term_months, c.effective_from
               FROM rate_changes c WHERE c.effective_from > $1::date
              ORDER BY c.product, c.term_months, c.effective_from, c.id DESC) s
      ORDER BY s.effective_from, s.product, s.term_months`,
    [onDate],
  );
}

/** One term's rate in force on a day, as numeric(7,4) text ('3.5000'). */
export async function termRateOn(db: Queryable, termMonths: number, onDate: string): Promise<string | undefined> {
  const [row] = await rows<{ rate_percent: string }>(
    db,
    `SELECT t.rate_percent::text AS rate_percent
       FROM rate_changes c JOIN rate_tiers t ON t.change_id = c.id
      WHERE c.product = 'fixed_deposit' AND c.term_months = $1 AND c.effective_from <= $2::date
      ORDER BY c.effective_from DESC, c.id DESC, t.from_minor LIMIT 1`,
    [termMonths, onDate],
  );
  return row?.rate_percent;
}

export interface RateChangeRow {
  id: string;
  product: string;
  term_months: number;
  effective_from: string;
  reason: string;
  changed_by_email: string | null;
  changed_at: Date;
  tiers: TierRow[];
  previous_tiers: TierRow[] | null;
}

export interface RateChangeFilter {
  product?: string;
  termMonths?: number;
}

// The schedule a change replaces: the one before it in the order rates_in_force reads changes.
const RATE_CHANGE_SELECT = `
  SELECT c.id::text, c.product, c.term_months, to_char(c.effective_from, 'YYYY-MM-DD') AS effective_from, c.reason, c.changed_by_email, c.changed_at,
         ${tiersOf('c.id')} AS tiers, ${tiersOf('p.id')} AS previous_tiers
    FROM rate_changes c
    LEFT JOIN LATERAL (
      SELECT p.id FROM rate_changes p
       WHERE p.product = c.product AND p.term_months = c.term_months AND (p.effective_from, p.id) < (c.effective_from, c.id)
       ORDER BY p.effective_from DESC, p.id DESC LIMIT 1
    ) p ON true`;

const RATE_CHANGE_SORT: Record<string, string> = {
  id: 'c.id',
  product: 'c.product',
  termMonths: 'c.term_months',
  effectiveFrom: 'c.effective_from',
  changedAt: 'c.changed_at',
};

/** A page of the rate history, filtered by product and term; a history is short, so it is always counted. */
export async function listRateChanges(db: Queryable, f: RateChangeFilter, sort: { field: string; order: 'ASC' | 'DESC' }, page: { limit: number; offset: number }) {
  const where = `($1::text IS NULL OR c.product = $1) AND ($2::int IS NULL OR c.term_months = $2)`;
  const params = [f.product ?? null, f.termMonths ?? null];
  const order = `${RATE_CHANGE_SORT[sort.field] ?? RATE_CHANGE_SORT.id} ${sort.order}, c.id ${sort.order}`;
  const items = await rows<RateChangeRow>(db, `${RATE_CHANGE_SELECT} WHERE ${where} ORDER BY ${order} LIMIT $3 OFFSET $4`, [...params, page.limit, page.offset]);
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM rate_changes c WHERE ${where}`, params);
  return { items, total: Number(count) };
}

export async function findRateChange(db: Queryable, id: string): Promise<RateChangeRow | undefined> {
  const [row] = await rows<RateChangeRow>(db, `${RATE_CHANGE_SELECT} WHERE c.id = $1::bigint`, [id]);
  return row;
}

export async function insertRateChange(
  db: Queryable,
  change: { product: string; termMonths: number; effectiveFrom: string; reason: string; changedBy: string | null; changedByEmail: string | null; changedAt: Date },
  tiers: { fromMinor: bigint; ratePercent: string }[],
): Promise<string> {
  const [{ id }] = await rows<{ id: string }>(
    db,
    `INSERT INTO rate_changes (product, term_months, effective_from, reason, changed_by, changed_by_email, changed_at) VALUES ($1, $2, $3::date, $4, $5, $6, $7) RETURNING id::text`,
    [change.product, change.termMonths, change.effectiveFrom, change.reason, change.changedBy, change.changedByEmail, change.changedAt],
  );
  await db.query(`INSERT INTO rate_tiers (change_id, from_minor, rate_percent) SELECT $1::bigint, f, r FROM unnest($2::bigint[], $3::numeric[]) AS u(f, r)`, [
    id,
    tiers.map((t) => t.fromMinor.toString()),
    tiers.map((t) => t.ratePercent),
  ]);
  return id;
}

export interface RecipientRow {
  customer_id: string;
  email: string;
  first_name: string;
}

/**
 * The next `limit` customers (in id order, after `after`) a change affects: owners of open accounts of a savings
 * product, or owners of active term deposits of the term that will renew (a running deposit keeps its locked rate;
 * only a renewal takes the new one). Frozen accounts still earn interest, so their owners are told too.
 */
export function affectedCustomers(db: Queryable, change: { product: string; termMonths: number }, after: string | null, limit: number): Promise<RecipientRow[]> {
  return rows<RecipientRow>(
    db,
    `SELECT cu.id::text AS customer_id, cu.email, cu.first_name
       FROM customers cu
      WHERE cu.id > coalesce($3::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
        AND EXISTS (
          SELECT 1 FROM accounts a
            LEFT JOIN term_deposits d ON d.account_id = a.id
           WHERE a.customer_id = cu.id AND a.product = $1 AND a.status IN ('active', 'frozen')
             AND ($1 <> 'fixed_deposit' OR (d.status = 'active' AND d.renew AND d.term_months = $2)))
      ORDER BY cu.id
      LIMIT $4`,
    [change.product, change.termMonths, after, limit],
  );
}
