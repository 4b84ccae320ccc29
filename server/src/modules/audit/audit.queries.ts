import type { Actor } from '../../common/actor';
import type { Queryable } from '../../common/sql';

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
