import type { FastifyInstance } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AppError, notFound } from '../../common/app-error';
import { rows } from '../../common/sql';

const CHALLENGE_TTL_S = 5 * 60;
export const PASSKEY_FAILED = 'That passkey could not be verified. Try again.';
export const NO_PASSKEYS = 'Add a passkey in Profile > Security to approve payments with it';
type Purpose = 'register' | 'sign_in' | 'payment';

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * Customer passkeys (WebAuthn): registered in Profile > Security, used to sign in without a password. Each
 * ceremony's challenge is issued by the server, stored, and accepted once within five minutes.
 */
export class PasskeysService {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(private readonly app: FastifyInstance) {
    const url = new URL(app.config.publicUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  private async storeChallenge(purpose: Purpose, challenge: string, customerId: string | null, subjectId: string | null = null) {
    await this.app.db.query(`INSERT INTO webauthn_challenges (purpose, customer_id, challenge, subject_id, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`, [
      purpose,
      customerId,
      challenge,
      subjectId,
      CHALLENGE_TTL_S,
    ]);
  }

  /**
   * Claims a stored, unexpired, unused challenge of this purpose (and customer, when known; and the payment it was
   * issued for, when it was issued for one): single use.
   */
  private async claimChallenge(purpose: Purpose, challenge: string, customerId: string | null, subjectId: string | null = null): Promise<boolean> {
    const claimed = await rows(
      this.app.db,
      `UPDATE webauthn_challenges SET used_at = now() WHERE challenge = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
          AND ($3::uuid IS NULL OR customer_id = $3::uuid) AND subject_id IS NOT DISTINCT FROM $4::uuid RETURNING id`,
      [challenge, purpose, customerId, subjectId],
    );
    return claimed.length === 1;
  }

  async registrationOptions(customerId: string) {
    const [c] = await rows<{ email: string; first_name: string; last_name: string }>(this.app.db, `SELECT email, first_name, last_name FROM customers WHERE id = $1`, [customerId]);
    const existing = await rows<{ credential_id: string; transports: string[] }>(this.app.db, `SELECT credential_id, transports FROM customer_passkeys WHERE customer_id = $1`, [customerId]);
    const options = await generateRegistrationOptions({
      rpName: 'Strongroom Bank',
      rpID: this.rpID,
      userName: c.email,
      userDisplayName: `${c.first_name} ${c.last_name}`,
      userID: new TextEncoder().encode(customerId),
      attestationType: 'none',
      excludeCredentials: existing.map((e) => ({ id: e.credential_id, transports: e.transports })),
      // Discoverable, so the login page can sign in with no account number typed.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.storeChallenge('register', options.challenge, customerId);
    return options;
  }

  async register(customerId: string, name: string, response: RegistrationResponseJSON): Promise<PasskeyView> {
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => this.claimChallenge('register', challenge, customerId),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
      });
    } catch {
      throw new AppError(400, PASSKEY_FAILED);
    }
    if (!verification.verified) throw new AppError(400, PASSKEY_FAILED);
    const { credential } = verification.registrationInfo;
    const [row] = await rows<{ id: string; created_at: Date }>(
      this.app.db,
      `INSERT INTO customer_passkeys (customer_id, credential_id, public_key, counter, transports, name) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (credential_id) DO NOTHING RETURNING id, created_at`,
      [customerId, credential.id, Buffer.from(credential.publicKey), credential.counter, JSON.stringify(credential.transports ?? []), name],
    );
    if (!row) throw new AppError(409, 'This passkey is already registered');
    return { id: row.id, name, createdAt: row.created_at.toISOString(), lastUsedAt: null };
  }

  async list(customerId: string): Promise<PasskeyView[]> {
    const found = await rows<{ id: string; name: string; created_at: Date; last_used_at: Date | null }>(
      this.app.db,
      `SELECT id, name, created_at, last_used_at FROM customer_passkeys WHERE customer_id = $1 ORDER BY created_at`,
      [customerId],
    );
    return found.map((p) => ({ id: p.id, name: p.name, createdAt: p.created_at.toISOString(), lastUsedAt: p.last_used_at?.toISOString() ?? null }));
  }

  /** Another customer's passkey is the 404 of a missing one. */
  async remove(customerId: string, passkeyId: string) {
    const gone = await rows(this.app.db, `DELETE FROM customer_passkeys WHERE id = $1 AND customer_id = $2 RETURNING id`, [passkeyId, customerId]);
    if (gone.length === 0) throw notFound('Passkey not found');
  }

  async signInOptions() {
    const options = await generateAuthenticationOptions({ rpID: this.rpID, userVerification: 'required' });
    await this.storeChallenge('sign_in', options.challenge, null);
    return options;
  }

  /**
   * Options to approve one payment with one of the customer's passkeys. The challenge is issued for that payment
   * only (its id is stored with it and checked when it is claimed), and the payment's amount and payee cannot
   * change after it is created: the signature approves exactly that amount to exactly that payee.
   */
  async paymentOptions(customerId: string, transferId: string) {
    const keys = await rows<{ credential_id: string; transports: string[] }>(this.app.db, `SELECT credential_id, transports FROM customer_passkeys WHERE customer_id = $1`, [customerId]);
    if (keys.length === 0) throw new AppError(400, NO_PASSKEYS);
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      userVerification: 'required',
      allowCredentials: keys.map((k) => ({ id: k.credential_id, transports: k.transports as AuthenticatorTransport[] })),
    });
    await this.storeChallenge('payment', options.challenge, customerId, transferId);
    return options;
  }

  /** Verifies an assertion for `purpose` (and, for a payment, the payment it was issued for); returns the customer whose passkey it is. */
  async verifyAssertion(response: AuthenticationResponseJSON, purpose: Purpose, customerId: string | null, subjectId: string | null = null): Promise<string> {
    const [key] = await rows<{ id: string; customer_id: string; credential_id: string; public_key: Buffer; counter: string; transports: string[] }>(
      this.app.db,
      `SELECT id, customer_id, credential_id, public_key, counter, transports FROM customer_passkeys WHERE credential_id = $1`,
      [typeof response?.id === 'string' ? response.id : ''],
    );
    if (!key || (customerId && key.customer_id !== customerId)) throw new AppError(401, PASSKEY_FAILED);
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => this.claimChallenge(purpose, challenge, customerId, subjectId),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: { id: key.credential_id, publicKey: new Uint8Array(key.public_key), counter: Number(key.counter), transports: key.transports },
        requireUserVerification: true,
      });
    } catch {
      throw new AppError(401, PASSKEY_FAILED);
    }
    if (!verification.verified) throw new AppError(401, PASSKEY_FAILED);
    await this.app.db.query(`UPDATE customer_passkeys SET counter = $2, last_used_at = now() WHERE id = $1`, [key.id, verification.authenticationInfo.newCounter]);
    return key.customer_id;
  }
}
