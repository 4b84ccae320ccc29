import { batchRows } from '../common/coalescer';
import { prepared, rows, type Preparable, type Queryable } from '../common/sql';

/**
 * An 'in_progress' row (written by servers before the key became a transaction-scoped lock) older than this
 * belongs to a request that died: its work did not commit.
 */
const STALE_CLAIM_SECONDS = 60;

/** What was recorded under a key (RECORDED_COLUMNS). */
export interface RecordedRow<T> {
  request_hash: string;
  status: string;
  response_status: number;
  response_body: T | null;
  response_ref: string | null;
  stale: boolean;
}

const RECORDED_COLUMNS = `request_hash, status, response_status, response_body, response_ref, created_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS}) AS stale`;

/**
 * SQL: what was recorded under the key `key` in `scope` (SQL expressions), as one jsonb value (a RecordedRow), or null.
 * Every read of a key goes through it: alone, batched, and inside the session check (docs/performance.md#idempotency-key-read-in-the-session-check).
 */
export const recordedKeyJson = (scope: string, key: string) =>
  `CASE WHEN ${key} IS NOT NULL THEN (SELECT to_jsonb(k) FROM (SELECT ${RECORDED_COLUMNS} FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}) k) END`;

/** What was recorded under each of a batch's keys, in one prepared statement (a probe per key). */
export function recordedBatch(db: Preparable, keys: { scope: string; key: string }[]): Promise<{ o: number; recorded: RecordedRow<unknown> | null }[]> {
  return prepared<{ o: number; recorded: RecordedRow<unknown> | null }>(
    db,
    'idempotency-recorded',
    `SELECT q.o, ${recordedKeyJson('q.scope', 'q.key')} AS recorded FROM ${batchRows('q', [
      ['$1::text[]', 'scope'],
      ['$2::text[]', 'key'],
    ])}`,
    [keys.map((k) => k.scope), keys.map((k) => k.key)],
  );
}

/** What was recorded under one key, read in the caller's transaction. */
export async function recordedIn(db: Queryable, scope: string, key: string): Promise<RecordedRow<unknown> | undefined> {
  return (await rows<{ recorded: RecordedRow<unknown> | null }>(db, `SELECT ${recordedKeyJson('$1::text', '$2::text')} AS recorded`, [scope, key]))[0].recorded ?? undefined;
}

/** Takes the key's transaction-scoped lock, if no other transaction holds it. */
export async function tryKeyLock(db: Queryable, scope: string, key: string): Promise<boolean> {
  const [{ locked }] = await rows<{ locked: boolean }>(db, `SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked`, [`${scope} ${key}`]);
  return locked;
}

/** The key's answer, recorded in the transaction that did the work (or refused it). */
export async function recordAnswer(db: Queryable, scope: string, key: string, hash: string, answer: { status: number; body: unknown }): Promise<void> {
  await db.query(
    `INSERT INTO idempotency_keys (scope, key, request_hash, status, response_status, response_body) VALUES ($1, $2, $3, 'done', $4, $5)
       ON CONFLICT (scope, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, status = 'done', response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body, created_at = now()`,
    [scope, key, hash, answer.status, JSON.stringify(answer.body)],
  );
}

/** A refusal recorded as the key's answer, unless the key has one already. */
export async function recordRefusal(db: Queryable, scope: string, key: string, hash: string, refusal: { status: number; body: unknown }): Promise<void> {
  await db.query(`INSERT INTO idempotency_keys (scope, key, request_hash, status, response_status, response_body) VALUES ($1, $2, $3, 'done', $4, $5) ON CONFLICT (scope, key) DO NOTHING`, [
    scope,
    key,
    hash,
    refusal.status,
    JSON.stringify(refusal.body),
  ]);
}

/** An 'in_progress' claim gone stale is dropped: its request died. */
export async function deleteStaleClaim(db: Queryable, scope: string, key: string): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status = 'in_progress'`, [scope, key]);
}
