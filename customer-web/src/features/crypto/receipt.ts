import { CRYPTO_RECEIPT_SIZE_MESSAGE, CRYPTO_RECEIPT_TYPE_MESSAGE, UPLOAD_MAX_BYTES } from '@strongroom/shared';

/** The first bytes of the images the bank accepts (the server judges the same way). */
function isImage(bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return true;
  return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
}

/** Why a picked file cannot be the payment receipt ('File size must be less than 5MB', 'Please upload an image file'), or null. */
export async function receiptProblem(file: File): Promise<string | null> {
  if (file.size > UPLOAD_MAX_BYTES) return CRYPTO_RECEIPT_SIZE_MESSAGE;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return isImage(head) ? null : CRYPTO_RECEIPT_TYPE_MESSAGE;
}
