import { CHEQUE_IMAGE_SIZE_MESSAGE, CHEQUE_IMAGE_TYPE_MESSAGE, UPLOAD_MAX_BYTES } from '@strongroom/shared';

/** The first bytes of the formats the bank accepts (the server judges the same way). */
function kindOf(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a) return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Why a picked file cannot be a cheque image, or null when it can: checked before anything is sent. */
export async function chequeImageProblem(file: File): Promise<string | null> {
  if (file.size > UPLOAD_MAX_BYTES) return CHEQUE_IMAGE_SIZE_MESSAGE;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return kindOf(head) ? null : CHEQUE_IMAGE_TYPE_MESSAGE;
}
