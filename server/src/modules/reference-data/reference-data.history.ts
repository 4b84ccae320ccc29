import * as yup from 'yup';
import type { Actor } from '../../common/actor';
import type { Queryable } from '../../common/sql';
import { recordAudit } from '../audit';
import { insertReferenceChange, referenceChanges } from './reference-data.queries';

/**
 * Staff-maintained reference data (FX rates, crypto options): one pattern for both
 * (docs/decisions/0015-reference-data-history.md). A change writes, in the caller's transaction, an append-only
 * history row with the values before and after, and an audit entry; a change that changes nothing writes neither.
 */

export type ReferenceResource = 'fx-rates' | 'crypto-options';
type Values = Record<string, string | boolean>;

export interface ReferenceChange {
  resource: ReferenceResource;
  key: string;
  previous: Values;
  current: Values;
  reason?: string | null;
}

/** The audit log's words for each resource. */
const AUDIT = { 'fx-rates': { action: 'fx_rate.update', targetType: 'fx_rate' }, 'crypto-options': { action: 'crypto_option.update', targetType: 'crypto_option' } } as const;

/** Fields whose value differs, in the order of `current`. */
export function changedFields(previous: Values, current: Values): string[] {
  return Object.keys(current).filter((field) => previous[field] !== current[field]);
}

/** Records the change (history + audit) and answers the fields that changed; nothing is written when none did. */
export async function recordReferenceChange(m: Queryable, actor: Actor, change: ReferenceChange): Promise<string[]> {
  const fields = changedFields(change.previous, change.current);
  if (fields.length === 0) return fields;
  const previous = Object.fromEntries(fields.map((f) => [f, change.previous[f]]));
  const current = Object.fromEntries(fields.map((f) => [f, change.current[f]]));
  await insertReferenceChange(m, actor, change, { previous, current, fields });
  await recordAudit(m, actor, { ...AUDIT[change.resource], targetId: change.key, reason: change.reason || null, details: { previous, current } });
  return fields;
}

export interface ReferenceChangeDto {
  id: string;
  at: string;
  by: string;
  changedFields: string[];
  previous: Values;
  current: Values;
  reason: string | null;
}

/** A record's history, newest first (at most `limit` changes). */
export async function listReferenceChanges(db: Queryable, resource: ReferenceResource, key: string, limit = 50): Promise<ReferenceChangeDto[]> {
  const list = await referenceChanges(db, resource, key, limit);
  return list.map((r) => ({
    id: r.id,
    at: new Date(r.created_at).toISOString(),
    by: r.actor_email ?? 'system',
    changedFields: r.changed_fields,
    previous: r.previous,
    current: r.current,
    reason: r.reason,
  }));
}

/** `:id` of a reference record: anything that does not match `pattern` is a 404 like a missing record. */
export const referenceIdParams = (pattern: RegExp, notFoundMessage: string) => yup.object({ id: yup.string().required(notFoundMessage).matches(pattern, notFoundMessage) }).noUnknown();

export const changeSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    at: { type: 'string', format: 'date-time' },
    by: { type: 'string' },
    changedFields: { type: 'array', items: { type: 'string' } },
    previous: { type: 'object', additionalProperties: true },
    current: { type: 'object', additionalProperties: true },
    reason: { type: ['string', 'null'] },
  },
};

/** A decimal string without its trailing zeros or leading zeros ('001.08700000' -> '1.087', '10' -> '10'). */
export function plainDecimal(value: string): string {
  const [whole, fraction = ''] = value.trim().split('.');
  const kept = fraction.replace(/0+$/, '');
  return `${BigInt(whole || '0').toString()}${kept ? `.${kept}` : ''}`;
}
