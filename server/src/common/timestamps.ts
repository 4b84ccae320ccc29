import { types, type CustomTypesConfig } from 'pg';

const TIMESTAMPTZ_OID = 1184;
const parseTimestamptz = types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date;
const keepText = (text: string) => text;

/**
 * node-postgres' type parsers, but with `timestamp with time zone` left as PostgreSQL's text, for a query whose
 * timestamps only go out on the wire (isoTimestamp): parsing each into a Date and writing it out again was most of
 * the cost of turning a page of the transaction list into JSON.
 */
export const TIMESTAMPS_AS_TEXT: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === TIMESTAMPTZ_OID && format !== 'binary' ? keepText : types.getTypeParser(oid, format))) as CustomTypesConfig['getTypeParser'],
};

/**
 * A timestamptz as PostgreSQL writes it in a session whose TimeZone is UTC: as text ("2026-11-29 16:14:58.123456+00")
 * or in JSON ("2026-11-29T16:14:58.123456+00:00", as the ledger's functions answer).
 */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(?:\+00(?::00)?|Z)$/;

/**
 * A timestamp as the API writes it (Date.prototype.toISOString: UTC, milliseconds, "Z"), from a Date or from
 * PostgreSQL's text or JSON. UTC is rewritten in place, its microseconds cut to milliseconds as a Date cuts them; any
 * other text (another session time zone, a year past 9999) is parsed as node-postgres or JavaScript would.
 */
export function isoTimestamp(value: Date | string): string {
  if (typeof value !== 'string') return value.toISOString();
  const match = UTC_TEXT.exec(value);
  if (!match) {
    const parsed = parseTimestamptz(value);
    // node-postgres' parser reads PostgreSQL's text only; JSON's ISO 8601 is JavaScript's own.
    return (parsed instanceof Date ? parsed : new Date(value)).toISOString();
  }
  const [, date, time, fraction = ''] = match;
  return `${date}T${time}.${fraction.padEnd(3, '0').slice(0, 3)}Z`;
}
