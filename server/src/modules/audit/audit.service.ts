import type { EntityManager } from 'typeorm';
import type { FastifyRequest } from 'fastify';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** Appends to the audit log in the caller's transaction, so the action and its record commit together. */
export async function recordAudit(m: EntityManager, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const actor = request.staff
    ? { type: 'staff', id: request.staff.id, email: request.staff.email }
    : request.customer
      ? { type: 'customer', id: request.customer.id, email: null }
      : { type: 'system', id: null, email: null };
  await m.query(
    `INSERT INTO audit_log (actor_type, actor_id, actor_email, action, target_type, target_id, reason, details, ip) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
    [actor.type, actor.id, actor.email, entry.action, entry.targetType, entry.targetId ?? null, entry.reason ?? null, JSON.stringify(entry.details ?? {}), request.ip],
  );
}
