// The declared type of an upload proves nothing: the first bytes do. These are the formats we accept.
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** A media type is short; a longer header is not a data URL (and never reaches a pattern). */
const MAX_DATA_URL_HEADER = 100;
const DATA_URL_HEADER = /^data:[\w/+.-]*;base64$/;
const NOT_BASE64 = /[^A-Za-z0-9+/=\s]/;

/**
 * `data:image/png;base64,....` -> bytes; undefined when it is not a base64 data URL. The header is matched by a
 * pattern, the payload only searched for a character outside base64: one pattern over a payload of megabytes
 * made V8's regular-expression engine run out of stack now and then (a 500 for a 6 MB image).
 */
export function decodeDataUrl(value: string): Buffer | undefined {
  const comma = value.indexOf(',');
  if (comma < 0 || comma > MAX_DATA_URL_HEADER || !DATA_URL_HEADER.test(value.slice(0, comma))) return undefined;
  const payload = value.slice(comma + 1);
  if (payload.length === 0 || NOT_BASE64.test(payload)) return undefined;
  return Buffer.from(payload, 'base64');
}
