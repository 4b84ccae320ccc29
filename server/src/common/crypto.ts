import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, and fast enough to keep login under ~50 ms.
const ARGON2 = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (secret: string) => hash(secret, ARGON2);

/**
 * The 4-digit transaction PIN: argon2id keyed with a server-side pepper. Ten thousand PINs fall to any
 * offline search whatever the cost parameters, so the protection is the pepper (not in the database) and the
 * attempt limit; light parameters keep a payment's PIN check under a millisecond instead of ~25 ms.
 */
const PIN_ARGON2 = { algorithm: Algorithm.Argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 } as const;
export const hashPin = (pin: string, pepper: Buffer) => hash(pin, { ...PIN_ARGON2, secret: pepper });
export async function verifyPin(hashed: string, pin: string, pepper: Buffer): Promise<boolean> {
  try {
    return await verify(hashed, pin, { secret: pepper });
  } catch {
    return false;
  }
}
/**
 * Remembers, per customer, that a PIN matched their current argon2id hash, as an HMAC under a key that
 * lives only in this process. A payment by a customer whose PIN was verified before then costs one HMAC
 * instead of an argon2 run (~2.5 ms of CPU, the largest single cost of a transfer). A wrong PIN, a new PIN
 * hash or a restart always goes back to argon2, and the hash at rest stays argon2id. Bounded; the least
 * recently used customer goes first.
 */
export class PinVerifier {
  private readonly cacheKey = randomBytes(32);
  private readonly verified = new Map<string, Buffer>();
  constructor(
    private readonly pepper: Buffer,
    private readonly maxEntries = 100_000,
  ) {}

  async verify(customerId: string, pinHash: string, pin: string): Promise<boolean> {
    const mac = createHmac('sha256', this.cacheKey).update(`${customerId}\0${pinHash}\0${pin}`).digest();
    const known = this.verified.get(customerId);
    this.verified.delete(customerId);
    if (known && timingSafeEqual(known, mac)) {
      this.verified.set(customerId, known);
      return true;
    }
    if (!(await verifyPin(pinHash, pin, this.pepper))) return false;
    this.verified.set(customerId, mac);
    if (this.verified.size > this.maxEntries) this.verified.delete(this.verified.keys().next().value as string);
    return true;
  }
}
/** Derived from ENCRYPTION_KEY so operators manage one secret. */
export const pinPepperFrom = (encryptionKey: Buffer) => createHmac('sha256', encryptionKey).update('strongroom:pin-pepper:v1').digest();
export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}
/** Spent on unknown accounts so a wrong account number costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function burnVerify(secret: string): Promise<void> {
  dummyHash ??= hashSecret('not-a-real-password');
  await verifySecret(await dummyHash, secret);
}

export const sha256Hex = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');
export const hmacHex = (key: string | Buffer, value: string) => createHmac('sha256', key).update(value).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** A uniformly random numeric code with leading zeros kept ('004213'). */
export const randomDigits = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join('');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** AES-256-GCM for small secrets at rest (a staff member's TOTP secret): iv.tag.ciphertext, base64url. */
export function encryptText(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function decryptText(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
