// The declared type of an upload proves nothing: the first bytes do. These are the formats we accept.
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** `data:image/png;base64,....` -> bytes; undefined when it is not a base64 data URL. */
export function decodeDataUrl(value: string): Buffer | undefined {
  const match = /^data:[\w/+.-]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  return match ? Buffer.from(match[1], 'base64') : undefined;
}
