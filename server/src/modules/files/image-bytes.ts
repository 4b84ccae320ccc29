// The declared type of an upload proves nothing: the first bytes do. These are the formats we accept.
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
/** A document may also be a PDF (a proof of address is often a bill downloaded as one; docs/decisions/0049). */
export type UploadType = ImageType | 'application/pdf';

export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

const PDF_HEADER = /^%PDF-[12]\.\d/;
/** How far from the end a PDF's end-of-file marker may sit: readers tolerate trailing bytes up to about this. */
const PDF_TRAILER_WINDOW_BYTES = 1024;

/**
 * A PDF starts with its version (`%PDF-1.7`) and ends with `%%EOF` (a few bytes of line ends or padding may follow).
 * Both ends are checked, so a file that merely begins like one, or a download cut short, is refused.
 */
export function isWholePdf(bytes: Buffer): boolean {
  if (bytes.length < 16 || !PDF_HEADER.test(bytes.toString('latin1', 0, 8))) return false;
  const tail = bytes.toString('latin1', Math.max(0, bytes.length - PDF_TRAILER_WINDOW_BYTES));
  return tail.includes('%%EOF');
}

export function detectUploadType(bytes: Buffer): UploadType | undefined {
  return detectImageType(bytes) ?? (isWholePdf(bytes) ? 'application/pdf' : undefined);
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
