import { rows, type Queryable } from '../../common/sql';

export interface FxRateRow {
  base: string;
  quote: string;
  rate: string;
  updated_at: Date;
  updated_by: string | null;
}

const COLUMNS = `base, quote, rate::text AS rate, updated_at, updated_by`;
// Qualified: the output column `rate` is text.
const SORT: Record<string, string> = { id: 'base, quote', base: 'base', quote: 'quote', rate: 'fx_rates.rate', updatedAt: 'updated_at' };

export interface FxRateFilter {
  base?: string;
  quote?: string;
}

export async function listFxRates(db: Queryable, f: FxRateFilter, sort: { field: string; order: 'ASC' | 'DESC' }, page: { limit: number; offset: number }) {
  const where = `($1::text IS NULL OR base = $1) AND ($2::text IS NULL OR quote = $2)`;
  const params = [f.base ?? null, f.quote ?? null];
  const order = (SORT[sort.field] ?? SORT.id)
    .split(', ')
    .map((column) => `${column} ${sort.order}`)
    .join(', ');
  const items = await rows<FxRateRow>(db, `SELECT ${COLUMNS} FROM fx_rates WHERE ${where} ORDER BY ${order}, base, quote LIMIT $3 OFFSET $4`, [...params, page.limit, page.offset]);
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM fx_rates WHERE ${where}`, params);
  return { items, total: Number(count) };
}

export async function findFxRate(db: Queryable, base: string, quote: string, opts: { forUpdate?: boolean } = {}): Promise<FxRateRow | undefined> {
  const [row] = await rows<FxRateRow>(db, `SELECT ${COLUMNS} FROM fx_rates WHERE base = $1 AND quote = $2${opts.forUpdate ? ' FOR UPDATE' : ''}`, [base, quote]);
  return row;
}

export async function updateFxRate(db: Queryable, base: string, quote: string, rate: string, by: string | null): Promise<FxRateRow> {
  const [row] = await rows<FxRateRow>(db, `UPDATE fx_rates SET rate = $3::numeric, updated_at = now(), updated_by = $4 WHERE base = $1 AND quote = $2 RETURNING ${COLUMNS}`, [base, quote, rate, by]);
  return row;
}

/** The pair's rate derived from two USD rates (units per USD), unless the pair has one already. */
export async function insertSeedRate(db: Queryable, base: string, quote: string, quotePerUsd: string, basePerUsd: string): Promise<void> {
  await db.query(`INSERT INTO fx_rates (base, quote, rate, updated_by) VALUES ($1, $2, round($3::numeric / $4::numeric, 8), 'seed') ON CONFLICT (base, quote) DO NOTHING`, [
    base,
    quote,
    quotePerUsd,
    basePerUsd,
  ]);
}

/** Units of `quote` per unit of `base`, as PostgreSQL's text; undefined when the pair has no rate. */
export async function rateOf(db: Queryable, base: string, quote: string): Promise<string | undefined> {
  const [row] = await rows<{ rate: string }>(db, `SELECT rate::text FROM fx_rates WHERE base = $1 AND quote = $2`, [base, quote]);
  return row?.rate;
}
