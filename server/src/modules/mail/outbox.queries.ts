import { rows, type Queryable } from '../../common/sql';
import { totalUpTo } from '../../common/list-paging';

const OUTBOX_COLUMNS = `id, to_address AS "to", subject, template, body_text AS "bodyText", status, created_at AS "createdAt", sent_at AS "sentAt"`;

/** A page of the outbox for staff, by time (`order`), optionally for one address (lower case). */
export function outboxPage(db: Queryable, to: string | null, order: 'ASC' | 'DESC', page: { limit: number; offset: number }): Promise<Record<string, unknown>[]> {
  return rows(
    db,
    `SELECT ${OUTBOX_COLUMNS}
      FROM outbox WHERE ($1::text IS NULL OR lower(to_address) = $1) ORDER BY created_at ${order === 'ASC' ? 'ASC' : 'DESC'} LIMIT $2 OFFSET $3`,
    [to, page.limit, page.offset],
  );
}

/** The outbox list's total, counted at most a lookahead past the page (totalUpTo). */
export function outboxTotal(db: Queryable, to: string | null, offset: number): Promise<number | undefined> {
  return totalUpTo(db, `SELECT 1 FROM outbox WHERE ($1::text IS NULL OR lower(to_address) = $1)`, [to], offset);
}

export async function outboxMessage(db: Queryable, id: string): Promise<Record<string, unknown> | undefined> {
  const [item] = await rows(db, `SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE id = $1`, [id]);
  return item;
}
