import { rows, type Queryable } from './sql';

/** Rows a staff list counts past its page before it leaves its total unknown (docs/performance.md#staff-list-at-scale). */
export const LIST_COUNT_LOOKAHEAD = 1_000;

/**
 * A list's total, counted at most LIST_COUNT_LOOKAHEAD rows past the page; undefined past that, which sendList sends as
 * `*` and the console pages on without. `listedRows` selects the list's rows (a column or a constant is enough): a log
 * that grows with every payment is not counted whole on every page.
 */
export async function totalUpTo(db: Queryable, listedRows: string, params: unknown[], offset: number): Promise<number | undefined> {
  const cap = offset + LIST_COUNT_LOOKAHEAD;
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM (${listedRows} LIMIT ${cap + 1}) capped`, params);
  return Number(count) > cap ? undefined : Number(count);
}
