import { createHmac } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { decryptText, encryptText, hmacHex, randomSymbols, safeEqual } from '../../common/crypto';
import { replaceRecoveryCodes, setPendingTotpSecret, unusedRecoveryCodes, useRecoveryCodeRow } from './staff-mfa.queries';

export const RECOVERY_CODE_COUNT = 10;
const TOTP_ISSUER = 'Strongroom back office';
/** One step either side of now: an authenticator's clock a little off still works. */
const TOTP_TOLERANCE_S = 30;
const BASE32 = /^[A-Z2-7]+=*$/;

export interface StaffSecondFactor {
  id: string;
  email: string;
  totpSecretEncrypted: string | null;
  totpPendingEncrypted: string | null;
  totpEnrolledAt: Date | null;
  totpLastStep: string | null;
}

export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qrCodeDataUrl: string;
}

export const isBase32Secret = (value: string) => BASE32.test(value.replace(/\s+/g, '').toUpperCase()) && value.replace(/\s+/g, '').length >= 16;
export const normaliseBase32 = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * The staff second factor: TOTP (RFC 6238) with a secret encrypted at rest, each time step accepted once
 * (a code seen over a shoulder cannot be replayed), and single-use recovery codes stored as keyed hashes.
 */
export class StaffMfa {
  private readonly secretKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(encryptionKey: Buffer) {
    this.secretKey = createHmac('sha256', encryptionKey).update('strongroom:staff-totp:v1').digest();
    this.hashKey = createHmac('sha256', encryptionKey).update('strongroom:staff-recovery:v1').digest();
  }

  seal(secret: string) {
    return encryptText(this.secretKey, normaliseBase32(secret));
  }

  open(sealed: string) {
    return decryptText(this.secretKey, sealed);
  }

  /** The pending secret shown at first sign-in; kept until the member proves it, so a retry shows the same QR. */
  async pendingEnrolment(m: EntityManager, staff: StaffSecondFactor): Promise<Enrolment> {
    let secret = staff.totpPendingEncrypted ? this.open(staff.totpPendingEncrypted) : undefined;
    if (!secret) {
      secret = generateSecret();
      await setPendingTotpSecret(m, staff.id, this.seal(secret));
    }
    const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: staff.email, secret });
    return { secret, otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
  }

  /** The time step a code proves, or null; a step at or before the last one used is refused (replay). */
  async totpStep(sealedSecret: string, code: string, lastStep: string | null): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const result = await verify({ secret: this.open(sealedSecret), token: code, epochTolerance: TOTP_TOLERANCE_S });
    if (!result.valid) return null;
    const step = (result as { timeStep: number }).timeStep;
    if (lastStep !== null && step <= Number(lastStep)) return null;
    return step;
  }

  private recoveryHash(staffId: string, code: string) {
    return hmacHex(this.hashKey, `${staffId}:${code.replace(/-/g, '').toLowerCase()}`);
  }

  /** Uses a recovery code: true when it was one of the member's unused codes (now used). */
  async useRecoveryCode(m: EntityManager, staffId: string, code: string): Promise<boolean> {
    if (!/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(code)) return false;
    const wanted = this.recoveryHash(staffId, code);
    const unused = await unusedRecoveryCodes(m, staffId);
    const match = unused.find((r) => safeEqual(r.code_hash, wanted));
    if (!match) return false;
    return useRecoveryCodeRow(m, match.id);
  }

  /** New recovery codes (the old ones die); the plain codes are returned once and never stored. */
  async issueRecoveryCodes(m: EntityManager, staffId: string): Promise<string[]> {
    const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const chars = randomSymbols(10, alphabet);
      return `${chars.slice(0, 5)}-${chars.slice(5)}`;
    });
    await replaceRecoveryCodes(
      m,
      staffId,
      codes.map((code) => this.recoveryHash(staffId, code)),
    );
    return codes;
  }
}
