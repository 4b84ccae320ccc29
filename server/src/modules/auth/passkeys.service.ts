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
import * as q from './passkeys.queries';

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
    await q.insertChallenge(this.app.db, { purpose, customerId, challenge, subjectId, ttlSeconds: CHALLENGE_TTL_S });
  }

  /**
   * Claims a stored, unexpired, unused challenge of this purpose (and customer, when known; and the payment it was
   * issued for, when it was issued for one): single use.
   */
  private async claimChallenge(purpose: Purpose, challenge: string, customerId: string | null, subjectId: string | null = null): Promise<boolean> {
    return q.claimChallenge(this.app.db, { purpose, challenge, customerId, subjectId });
  }

  async registrationOptions(customerId: string) {
    const c = await q.passkeyHolder(this.app.db, customerId);
    const existing = await q.credentialsOf(this.app.db, customerId);
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
    const row = await q.insertPasskey(this.app.db, {
      customerId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    });
    if (!row) throw new AppError(409, 'This passkey is already registered');
    return { id: row.id, name, createdAt: row.created_at.toISOString(), lastUsedAt: null };
  }

  async list(customerId: string): Promise<PasskeyView[]> {
    const found = await q.passkeysOf(this.app.db, customerId);
    return found.map((p) => ({ id: p.id, name: p.name, createdAt: p.created_at.toISOString(), lastUsedAt: p.last_used_at?.toISOString() ?? null }));
  }

  /** Another customer's passkey is the 404 of a missing one. */
  async remove(customerId: string, passkeyId: string) {
    if (!(await q.deletePasskey(this.app.db, customerId, passkeyId))) throw notFound('Passkey not found');
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
    const keys = await q.credentialsOf(this.app.db, customerId);
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
    const key = await q.passkeyByCredential(this.app.db, typeof response?.id === 'string' ? response.id : '');
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
    await q.notePasskeyUse(this.app.db, key.id, verification.authenticationInfo.newCounter);
    return key.customer_id;
  }
}
