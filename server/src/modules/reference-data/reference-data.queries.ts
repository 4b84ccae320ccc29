import type { Actor } from '../../common/actor';
import { rows, type Queryable } from '../../common/sql';

/** A record's values by field (reference-data.history.ts). */
type Values = Record<string, string | boolean>;

/** One change of a reference record: the fields that changed, with their values before and after. */
export async function insertReferenceChange(
  db: Queryable,
  actor: Actor,
  change: { resource: string; key: string; reason?: string | null },
  changed: { previous: Values; current: Values; fields: string[] },
): Promise<void> {
  await db.query(`INSERT INTO reference_data_changes (resource, record_key, previous, current, changed_fields, actor_id, actor_email, reason) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
    change.resource,
    change.key,
    JSON.stringify(changed.previous),
    JSON.stringify(changed.current),
    changed.fields,
    actor.id,
    actor.email ?? null,
    change.reason || null,
  ]);
}

export interface ReferenceChangeRow {
  id: string;
  previous: Values;
  current: Values;
  changed_fields: string[];
  actor_email: string | null;
  reason: string | null;
  created_at: Date;
}

/** A record's changes, newest first (at most `limit`). */
export function referenceChanges(db: Queryable, resource: string, key: string, limit: number): Promise<ReferenceChangeRow[]> {
  return rows<ReferenceChangeRow>(
    db,
    `SELECT id::text, previous, current, changed_fields, actor_email, reason, created_at FROM reference_data_changes WHERE resource = $1 AND record_key = $2 ORDER BY reference_data_changes.id DESC LIMIT $3`,
    [resource, key, limit],
  );
}
