import type { FastifyReply } from 'fastify';
import { AppError } from '../../common/app-error';
import { refuseBadText } from '../../common/bad-text';
import { rows, type Queryable } from '../../common/sql';

/** ra-data-simple-rest list parameters: sort=["field","ASC"], range=[0,24], filter={...}. */
export interface ListParams {
  sortField: string;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

function parseJson(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(String(raw));
  } catch {
    throw new AppError(400, `${name} must be JSON`);
  }
}

/** Far past any list this bank will hold; larger offsets (1e21) are not integers PostgreSQL accepts. */
const MAX_OFFSET = 1_000_000_000;

export function parseListParams(query: Record<string, unknown>, sortable: string[], defaultSort: string): ListParams {
  const sort = parseJson(query.sort, 'sort') as [string, string] | undefined;
  const range = parseJson(query.range, 'range') as [number, number] | undefined;
  const filter = (parseJson(query.filter, 'filter') ?? {}) as Record<string, unknown>;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw new AppError(400, 'filter must be a JSON object');
  refuseBadText(filter, 'filter');
  const sortField = sort && sortable.includes(sort[0]) ? sort[0] : defaultSort;
  const sortOrder = sort && String(sort[1]).toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
  let offset = 0;
  let limit = 25;
  if (range) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_OFFSET) || range[1] < range[0]) {
      throw new AppError(400, 'range must be [start, end]');
    }
    offset = range[0];
    limit = Math.min(range[1] - range[0] + 1, 200);
  }
  return { sortField, sortOrder, offset, limit, filter };
}

/** The page and, in Content-Range, its place in the list: `*` for a total not counted (RFC 9110's unknown length). */
export function sendList(reply: FastifyReply, resource: string, items: unknown[], offset: number, total: number | undefined) {
  const end = items.length === 0 ? offset : offset + items.length - 1;
  return reply
    .header('Content-Range', `${resource} ${offset}-${end}/${total ?? '*'}`)
    .header('Access-Control-Expose-Headers', 'Content-Range')
    .send(items);
}

/** Rows a staff list counts past its page before it leaves its total unknown (docs/decisions/0043). */
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
