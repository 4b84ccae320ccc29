import type { Actor } from '../../common/actor';
import { rows, type Queryable } from '../../common/sql';
import { totalUpTo } from '../../common/list-paging';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** Appends to the audit log in the caller's transaction, so the action and its record commit together. */
export async function recordAudit(m: Queryable, actor: Actor, entry: AuditEntry): Promise<void> {
  await m.query(`INSERT INTO audit_log (actor_type, actor_id, actor_email, action, target_type, target_id, reason, details, ip) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`, [
    actor.type,
    actor.id,
    actor.email ?? null,
    entry.action,
    entry.targetType,
    entry.targetId ?? null,
    entry.reason ?? null,
    JSON.stringify(entry.details ?? {}),
    actor.ip ?? null,
  ]);
}

/** A page of the audit log for staff, by id (`order`). */
export function auditPage(db: Queryable, order: 'ASC' | 'DESC', page: { limit: number; offset: number }): Promise<Record<string, unknown>[]> {
  return rows(
    db,
    `SELECT id::text, actor_type AS "actorType", actor_id AS "actorId", actor_email AS "actorEmail", action, target_type AS "targetType",
      target_id AS "targetId", reason, details, ip, created_at AS "createdAt" FROM audit_log ORDER BY audit_log.id ${order === 'ASC' ? 'ASC' : 'DESC'} LIMIT $1 OFFSET $2`,
    [page.limit, page.offset],
  );
}

/** The audit log's total, counted at most a lookahead past the page (totalUpTo). */
export function auditTotal(db: Queryable, offset: number): Promise<number | undefined> {
  return totalUpTo(db, `SELECT 1 FROM audit_log`, [], offset);
}
