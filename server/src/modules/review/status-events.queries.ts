import type { Actor } from '../../common/actor';
import { rows, type Queryable } from '../../common/sql';

export interface StatusChange {
  subjectType: string;
  subjectId: string;
  from: string | null;
  to: string;
  actor: Actor;
  reason?: string | null;
}

/** One row of an item's status history; written in the same transaction as the change it records. */
export async function recordStatusEvent(db: Queryable, change: StatusChange): Promise<void> {
  await db.query(`INSERT INTO status_events (subject_type, subject_id, from_status, to_status, actor_type, actor_id, reason) VALUES ($1,$2,$3,$4,$5,$6,$7)`, [
    change.subjectType,
    change.subjectId,
    change.from,
    change.to,
    change.actor.type,
    change.actor.id,
    change.reason ?? null,
  ]);
}

export interface TimelineEntry {
  status: string;
  from: string | null;
  at: string;
  reason: string | null;
  /** Who, as the customer is told: themselves, the bank (staff are not named to customers), or the system. */
  by: 'you' | 'Strongroom' | 'system';
}

interface EventRow {
  subject_id: string;
  from_status: string | null;
  to_status: string;
  actor_type: 'customer' | 'staff' | 'system';
  reason: string | null;
  created_at: Date;
}

const BY: Record<EventRow['actor_type'], TimelineEntry['by']> = { customer: 'you', staff: 'Strongroom', system: 'system' };

function toEntry(row: EventRow): TimelineEntry {
  return { status: row.to_status, from: row.from_status, at: new Date(row.created_at).toISOString(), reason: row.reason, by: BY[row.actor_type] };
}

/** An item's history for its customer, oldest first. */
export async function timeline(db: Queryable, subjectType: string, subjectId: string): Promise<TimelineEntry[]> {
  const list = await rows<EventRow>(db, `SELECT subject_id, from_status, to_status, actor_type, reason, created_at FROM status_events WHERE subject_type = $1 AND subject_id = $2 ORDER BY id`, [
    subjectType,
    subjectId,
  ]);
  return list.map(toEntry);
}

/** Histories of many items at once (lists), by item id. */
export async function timelines(db: Queryable, subjectType: string, subjectIds: string[]): Promise<Map<string, TimelineEntry[]>> {
  const result = new Map<string, TimelineEntry[]>(subjectIds.map((id) => [id, []]));
  if (subjectIds.length === 0) return result;
  const list = await rows<EventRow>(
    db,
    `SELECT subject_id, from_status, to_status, actor_type, reason, created_at FROM status_events WHERE subject_type = $1 AND subject_id = ANY($2::uuid[]) ORDER BY id`,
    [subjectType, subjectIds],
  );
  for (const row of list) result.get(row.subject_id)?.push(toEntry(row));
  return result;
}

/** The staff member who gave the first of two approvals, if the item is waiting for the second. */
export async function firstApprover(db: Queryable, subjectType: string, subjectId: string): Promise<{ id: string; email: string | null; at: string } | null> {
  const [row] = await rows<{ actor_id: string; email: string | null; created_at: Date }>(
    db,
    `SELECT e.actor_id, s.email, e.created_at FROM status_events e LEFT JOIN staff_users s ON s.id = e.actor_id
      WHERE e.subject_type = $1 AND e.subject_id = $2 AND e.to_status = 'awaiting_second_approval' AND e.actor_type = 'staff' ORDER BY e.id DESC LIMIT 1`,
    [subjectType, subjectId],
  );
  return row ? { id: row.actor_id, email: row.email, at: new Date(row.created_at).toISOString() } : null;
}

/** The console's list of status events, filtered to one kind of item or one item (then oldest first), and their count. */
export async function listStatusEvents(
  db: Queryable,
  { subjectType, subjectId, newestFirst, limit, offset }: { subjectType: string | null; subjectId: string | null; newestFirst: boolean; limit: number; offset: number },
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const where = `($1::text IS NULL OR e.subject_type = $1) AND ($2::uuid IS NULL OR e.subject_id = $2)`;
  const items = await rows(
    db,
    `SELECT e.id::text, e.subject_type AS "subjectType", e.subject_id AS "subjectId", e.from_status AS "from", e.to_status AS "to", e.actor_type AS "actorType",
            e.actor_id AS "actorId", s.email AS "actorEmail", e.reason, e.created_at AS "createdAt"
       FROM status_events e LEFT JOIN staff_users s ON e.actor_type = 'staff' AND s.id = e.actor_id
      WHERE ${where} ORDER BY e.id ${newestFirst && !subjectId ? 'DESC' : 'ASC'} LIMIT $3 OFFSET $4`,
    [subjectType, subjectId, limit, offset],
  );
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM status_events e WHERE ${where}`, [subjectType, subjectId]);
  return { items, total: Number(count) };
}

/** Who hears a staff decision, and whether they asked for transaction alerts. */
export async function noticeRecipient(db: Queryable, customerId: string) {
  const [customer] = await rows<{ email: string; first_name: string; notification_preferences: { transactionAlerts?: boolean } }>(
    db,
    `SELECT email, first_name, notification_preferences FROM customers WHERE id = $1`,
    [customerId],
  );
  return customer;
}
