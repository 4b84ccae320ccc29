/** Any RFC 9562 UUID, whatever its version (yup's own `uuid()` refuses version 7, which transactions use). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids are UUIDs: anything else names nothing (list filters drop it; routes answer it as not found). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
