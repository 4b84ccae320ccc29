import { AppError } from './app-error';

export const BAD_TEXT_MESSAGE = 'This field contains characters that are not allowed';

/** NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair (not Unicode at all). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isBadText = (value: string) => BAD_TEXT.test(value);

/** The path of the first string (or object key) in `value` that is bad text, e.g. 'memo' or 'filter.q'; null when clean. */
export function findBadText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isBadText(value) ? path || '_' : null;
  if (value === null || typeof value !== 'object' || depth > 20 || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (isBadText(key)) return at;
    const found = findBadText(inner, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws the 400 for the first bad text in `value`, naming its field. */
export function refuseBadText(value: unknown, prefix = ''): void {
  const field = findBadText(value, prefix);
  if (field) throw new AppError(400, BAD_TEXT_MESSAGE, { [field]: BAD_TEXT_MESSAGE });
}
