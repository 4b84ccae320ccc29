import type { FastifyReply } from 'fastify';
import * as yup from 'yup';
import { AppError } from './app-error';
import { refuseBadText } from './bad-text';

/** ra-data-simple-rest list parameters: sort=["field","ASC"], range=[0,24], filter={...}, parsed. */
export interface ListParams<Field extends string = string> {
  sortField: Field;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

const LIST_PARAMETERS = ['sort', 'range', 'filter'];

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

function parseList<Field extends string>(query: Record<string, unknown>, sortable: readonly Field[], defaultSort: Field, defaultOrder: 'ASC' | 'DESC'): ListParams<Field> {
  const unknown = Object.keys(query).filter((key) => !LIST_PARAMETERS.includes(key));
  if (unknown.length > 0) throw new AppError(400, `Unknown field: ${unknown[0]}`, Object.fromEntries(unknown.map((key) => [key, `Unknown field: ${key}`])));
  const sort = parseJson(query.sort, 'sort') as [Field, string] | undefined;
  const range = parseJson(query.range, 'range') as [number, number] | undefined;
  const filter = (parseJson(query.filter, 'filter') ?? {}) as Record<string, unknown>;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw new AppError(400, 'filter must be a JSON object');
  refuseBadText(filter, 'filter');
  // An unknown sort field falls back to the list's default, as react-admin's own columns never ask for one.
  const sortField = sort && sortable.includes(sort[0]) ? sort[0] : defaultSort;
  const sortOrder = sort ? (String(sort[1]).toUpperCase() === 'ASC' ? 'ASC' : 'DESC') : defaultOrder;
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

/**
 * The querystring schema of a staff list: `sort`, `range` and `filter` arrive as JSON text (ra-data-simple-rest) and
 * leave the validator parsed, so the handler's `request.query` is a typed ListParams. `sortable` are the fields the
 * list may be sorted by; `defaultOrder` applies when no sort is asked for. Bad JSON, a bad range, a filter that is not an
 * object or an unknown parameter is a 400 naming it (docs/decisions/0055-route-type-provider.md).
 */
export function listQuery<Field extends string>(sortable: readonly Field[], defaultSort: Field, defaultOrder: 'ASC' | 'DESC' = 'DESC') {
  return yup
    .mixed<ListParams<Field>>()
    .transform((_value: unknown, raw: unknown) => parseList((raw ?? {}) as Record<string, unknown>, sortable, defaultSort, defaultOrder))
    .defined()
    .meta({
      jsonSchema: {
        type: 'object',
        properties: {
          sort: { type: 'string', description: `JSON ["field","ASC"|"DESC"]; field one of ${sortable.join(', ')} (default ${defaultSort} ${defaultOrder})` },
          range: { type: 'string', description: 'JSON [start, end], zero-based and inclusive (default [0,24]; at most 200 rows)' },
          filter: { type: 'string', description: 'JSON object of filters' },
        },
        additionalProperties: false,
      },
    });
}

/** The page and, in Content-Range, its place in the list: `*` for a total not counted (RFC 9110's unknown length). */
export function sendList(reply: FastifyReply, resource: string, items: unknown[], offset: number, total: number | undefined) {
  const end = items.length === 0 ? offset : offset + items.length - 1;
  return reply
    .header('Content-Range', `${resource} ${offset}-${end}/${total ?? '*'}`)
    .header('Access-Control-Expose-Headers', 'Content-Range')
    .send(items);
}

export { LIST_COUNT_LOOKAHEAD, totalUpTo } from './list-paging.queries';
