import { v7 as timeOrderedUuid } from 'uuid';

/**
 * A fresh Idempotency-Key for one intent of the user's (reuse it to retry that intent). Time-ordered (a version 7
 * UUID): the server indexes a customer's keys together, so a key made now lands beside the customer's recent ones,
 * in a few index pages, instead of on a random page of their whole history. After each checkpoint PostgreSQL writes a
 * page's first change whole to the WAL, and a random key did that for nearly every payment (docs/performance.md#time-ordered-idempotency-keys).
 */
export function newIdempotencyKey(): string {
  return timeOrderedUuid();
}
