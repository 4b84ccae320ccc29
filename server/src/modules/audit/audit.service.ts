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

/** Who read: a staff member (the same shape as the review module's actor, `actorOf(request)`). */
export interface StaffReader {
  id: string;
  email?: string | null;
  role?: string;
  ip?: string | null;
}

/** What was read: e.g. `{ action: 'file.view', targetType: 'stored_file', targetId, details: { purpose } }`. */
export interface StaffRead {
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records that a staff member looked at something sensitive (an identity image, a cheque, an SSN, the mail
 * outbox). Reads are audited like actions: an insider browsing customers' documents leaves a trail.
 * Pass the manager of the transaction that reads, or `app.db.manager`.
 */
export async function auditStaffRead(m: EntityManager, actor: StaffReader, what: StaffRead): Promise<void> {
  await m.query(
    `INSERT INTO audit_log (actor_type, actor_id, actor_email, action, target_type, target_id, details, ip) VALUES ('staff',$1,$2,$3,$4,$5,$6,$7)`,
    [actor.id, actor.email ?? null, what.action, what.targetType, what.targetId ?? null, JSON.stringify({ ...(what.details ?? {}), ...(actor.role ? { role: actor.role } : {}) }), actor.ip ?? null],
  );
}

/** The staff reader of a request authenticated by `requireStaff`. */
export function staffReaderOf(request: FastifyRequest): StaffReader {
  const staff = request.staff!;
  return { id: staff.id, email: staff.email, role: staff.role, ip: request.ip };
}
