import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto';
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
export const hashPin = (pin: string, pepper: Buffer) => hash(pin, Object.assign({}, PIN_ARGON2, { secret: pepper }));
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
    /** A hash made with the pre-HKDF pepper: `upgrade` stores it re-made with the current one. */
    private readonly legacy?: { pepper: Buffer; upgrade(customerId: string, oldHash: string, newHash: string): Promise<void> },
  ) {}

  async verify(customerId: string, pinHash: string, pin: string): Promise<boolean> {
    const mac = createHmac('sha256', this.cacheKey).update(`${customerId}\0${pinHash}\0${pin}`).digest();
    const known = this.verified.get(customerId);
    this.verified.delete(customerId);
    if (known && timingSafeEqual(known, mac)) {
      this.verified.set(customerId, known);
      return true;
    }
    if (!(await verifyPin(pinHash, pin, this.pepper))) {
      if (!this.legacy || !(await verifyPin(pinHash, pin, this.legacy.pepper))) return false;
      await this.legacy.upgrade(customerId, pinHash, await hashPin(pin, this.pepper));
      return true;
    }
    this.verified.set(customerId, mac);
    if (this.verified.size > this.maxEntries) this.verified.delete(this.verified.keys().next().value as string);
    return true;
  }
}
/**
 * One key per use, derived with HKDF-SHA256 from the configured secrets, so that a key leaked or misused
 * in one place (a log of code HMACs, a session token) says nothing about another.
 */
export function deriveKey(secret: string | Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'strongroom', `strongroom:${purpose}`, 32));
}

/** The PIN pepper, derived from ENCRYPTION_KEY so operators manage one secret. */
export const pinPepperFrom = (encryptionKey: Buffer) => deriveKey(encryptionKey, 'pin-pepper:v2');
/** The pepper PIN hashes were made with before HKDF; such a hash is re-made with the current pepper when it next matches. */
export const legacyPinPepperFrom = (encryptionKey: Buffer) => createHmac('sha256', encryptionKey).update('strongroom:pin-pepper:v1').digest();

export interface DerivedKeys {
  /** Signs session JWTs (from SESSION_SECRET). */
  sessionSigning: Buffer;
  /** HMACs of one-time codes (e-mail verification, payment codes) and their bindings (from SESSION_SECRET). */
  codeHmac: Buffer;
  /** HMAC of an Idempotency-Key's request, so a stored record says nothing about the PIN in the body. */
  idempotency: Buffer;
  /** HMAC of the account or e-mail an attempt counter is kept for (auth/attempts.service.ts). */
  attempts: Buffer;
  /** The PIN pepper (from ENCRYPTION_KEY). */
  pinPepper: Buffer;
  /** AES-256-GCM for data at rest: uploaded images, card numbers, identity numbers (from ENCRYPTION_KEY). */
  dataEncryption: Buffer;
  /** The password of the database role the server runs as (from ENCRYPTION_KEY; db/roles.ts). */
  databaseRolePassword: string;
}

export function deriveKeys(sessionSecret: string, encryptionKey: Buffer): DerivedKeys {
  return {
    sessionSigning: deriveKey(sessionSecret, 'session-signing:v1'),
    codeHmac: deriveKey(sessionSecret, 'code-hmac:v1'),
    idempotency: deriveKey(sessionSecret, 'idempotency:v1'),
    attempts: deriveKey(sessionSecret, 'attempts:v1'),
    pinPepper: pinPepperFrom(encryptionKey),
    dataEncryption: deriveKey(encryptionKey, 'data-encryption:v1'),
    databaseRolePassword: deriveKey(encryptionKey, 'database-role:v1').toString('base64url'),
  };
}

/** Sealed file bytes start with this marker; anything else is a file stored before encryption at rest. */
const SEALED_MAGIC = Buffer.from('SRE1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM with a random nonce; `context` (e.g. the file id) is authenticated, so sealed bytes cannot be swapped between records. */
export function seal(key: Buffer, plain: Buffer, context: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([SEALED_MAGIC, iv, cipher.getAuthTag(), body]);
}

export const isSealed = (bytes: Buffer) => bytes.length >= SEALED_MAGIC.length + IV_BYTES + TAG_BYTES && bytes.subarray(0, SEALED_MAGIC.length).equals(SEALED_MAGIC);

/** Opens what `seal` made; throws when the bytes or the context were tampered with. */
export function unseal(key: Buffer, sealed: Buffer, context: string): Buffer {
  const ivStart = SEALED_MAGIC.length;
  const iv = sealed.subarray(ivStart, ivStart + IV_BYTES);
  const tag = sealed.subarray(ivStart + IV_BYTES, ivStart + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(ivStart + IV_BYTES + TAG_BYTES)), decipher.final()]);
}
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

// Random bytes are drawn from the system's generator 4 kB at a time (as Node's randomUUID does): every payment draws
// two references, and a call into OpenSSL for 8 bytes cost more than the symbols made of them.
const RANDOM_POOL = Buffer.alloc(4096);
let randomPoolOffset = RANDOM_POOL.length;

function nextRandomByte(): number {
  if (randomPoolOffset === RANDOM_POOL.length) {
    randomFillSync(RANDOM_POOL);
    randomPoolOffset = 0;
  }
  return RANDOM_POOL[randomPoolOffset++];
}

/**
 * `count` symbols drawn uniformly from `alphabet` (2 to 256 distinct symbols). A byte above the largest multiple of the
 * alphabet's length below 256 is drawn again, since `byte % length` would favour the first symbols (with 31 symbols
 * the first 8 came up 9 times in 256, the others 8).
 */
export function randomSymbols(count: number, alphabet: string): string {
  const length = alphabet.length;
  if (length < 2 || length > 256) throw new RangeError('an alphabet has 2 to 256 symbols');
  const acceptedBelow = 256 - (256 % length);
  let symbols = '';
  while (symbols.length < count) {
    const byte = nextRandomByte();
    if (byte < acceptedBelow) symbols += alphabet[byte % length];
  }
  return symbols;
}

/** A uniformly random numeric code with leading zeros kept ('004213'). */
export const randomDigits = (length: number) => randomSymbols(length, '0123456789');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

const SEALED_VERSION = 'v1';

/**
 * Encrypts a value at rest with AES-256-GCM under ENCRYPTION_KEY (identity numbers such as SSNs are never
 * stored in the clear). `context` (e.g. 'loan-ssn') is bound as associated data, so a sealed value copied into another
 * column does not open. Output: 'v1.<iv>.<tag>.<ciphertext>', base64url.
 */
export function sealText(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [SEALED_VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Opens a value sealed by `sealText` with the same key and context; throws if it was altered. */
export function openText(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== SEALED_VERSION || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** AES-256-GCM for small secrets at rest (a staff member's TOTP secret): iv.tag.ciphertext, base64url. */
export function encryptText(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/**
 * Opens a value with the first of `keys` that fits: the data-encryption key, then the key values were sealed
 * with before keys were derived per use (ENCRYPTION_KEY itself).
 */
export function decryptTextWithAny(keys: Buffer[], sealed: string): string {
  let failure: unknown;
  for (const key of keys) {
    try {
      return decryptText(key, sealed);
    } catch (err) {
      failure = err;
    }
  }
  throw failure;
}

export function decryptText(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
