import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import {
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  MAX_CODE_ATTEMPTS,
  PASSWORD_RESET_TTL_MINUTES,
  VERIFICATION_CODE_TTL_MINUTES,
  VERIFICATION_RESEND_SECONDS,
  type RegisterInput,
} from '@strongroom/shared';
import { withTransaction } from '../../db/transaction';
import { burnVerify, hashPin, pinPepperFrom, hashSecret, hmacHex, randomDigits, randomToken, sha256Hex, verifySecret } from '../../common/crypto';
import { customerById, type CustomerEntity, DEFAULT_NOTIFICATION_PREFERENCES, personalFields, toUserDto } from '../user';
import { PASSPORT_RULES, PROOF_OF_ADDRESS_RULES, type StoredFileEntity } from '../files';
import { openCustomerAccount } from '../ledger';
import { newAccountNumber } from '../accounts';
import * as errors from './auth.errors';
import {
  claimResetToken,
  consumeEmailVerification,
  customerByEmail,
  customerWithPasswordByAccountNumber,
  customerWithPasswordById,
  emailRegistered,
  insertCustomer,
  insertEmailVerification,
  insertPasswordReset,
  lockLatestEmailVerification,
  markEmailVerified,
  resetPassword,
  setEmailVerificationAttempts,
  setIdentityDocuments,
  setPasswordHash,
} from './auth.queries';
import { endPasswordResets } from './email-change.queries';
import { AttemptLimiter, type LockRule } from './attempts.service';

const UNIQUE_VIOLATION = '23505';

const LOGIN_LOCK: LockRule = { maxFailures: LOGIN_MAX_FAILURES, lockMinutes: LOGIN_LOCK_MINUTES, windowMinutes: LOGIN_LOCK_MINUTES };
const CODE_LOCK: LockRule = { maxFailures: MAX_CODE_ATTEMPTS, lockMinutes: LOGIN_LOCK_MINUTES, windowMinutes: LOGIN_LOCK_MINUTES };
const RESET_MAILS_PER_WINDOW = 3;
const RESET_MAIL_WINDOW_S = 15 * 60;

export class AuthService {
  private readonly attempts: AttemptLimiter;

  constructor(private readonly app: FastifyInstance) {
    this.attempts = new AttemptLimiter(app.db, app.config.keys.attempts);
  }

  private codeHash(customerId: string, code: string) {
    // Keyed so a leaked table does not reveal 6-digit codes by brute force.
    return hmacHex(this.app.config.keys.codeHmac, `${customerId}:${code}`);
  }

  async register(input: RegisterInput, photos: { passport: Buffer | undefined; proofOfAddress: Buffer | undefined }) {
    const passportType = this.app.files.check(photos.passport, PASSPORT_RULES);
    const proofOfAddressType = this.app.files.check(photos.proofOfAddress, PROOF_OF_ADDRESS_RULES);
    const [passwordHash, pinHash] = await Promise.all([hashSecret(input.password), hashPin(input.transactionPin, pinPepperFrom(this.app.config.encryptionKey))]);
    const code = randomDigits(6);
    let customer: CustomerEntity | undefined;
    // Two applications may draw the same free number at once; the unique index decides and the loser retries.
    for (let attempt = 1; !customer; attempt++) {
      const stored: StoredFileEntity[] = [];
      try {
        customer = await withTransaction(this.app.db, async (m) => {
          if (await emailRegistered(m, input.email)) throw errors.emailTaken();
          const c = await insertCustomer(m, {
            accountNumber: await newAccountNumber(m),
            ...personalFields(input),
            occupation: input.occupation,
            incomeRange: input.incomeRange,
            accountType: input.accountType,
            currency: input.currency,
            passwordHash,
            pinHash,
            status: 'pending_review',
            notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
          });
          const passport = await this.app.files.store(m, photos.passport!, passportType, 'passport', c.id);
          stored.push(passport);
          const proofOfAddress = await this.app.files.store(m, photos.proofOfAddress!, proofOfAddressType, 'proof_of_address', c.id);
          stored.push(proofOfAddress);
          c.passportFileId = passport.id;
          c.proofOfAddressFileId = proofOfAddress.id;
          await setIdentityDocuments(m, c.id, passport.id, proofOfAddress.id);
          await openCustomerAccount(m, c.id, c.currency);
          await insertEmailVerification(m, c.id, this.codeHash(c.id, code), new Date(Date.now() + VERIFICATION_CODE_TTL_MINUTES * 60_000));
          return c;
        });
      } catch (err) {
        for (const file of stored) this.app.files.discard(file);
        const pgErr = err as { code?: string; constraint?: string; driverError?: { constraint?: string } };
        if (pgErr.code !== UNIQUE_VIOLATION) throw err;
        const constraint = pgErr.constraint ?? pgErr.driverError?.constraint ?? '';
        if (constraint.includes('account_number') && attempt < 5) continue;
        if (constraint.includes('email')) throw errors.emailTaken();
        throw err;
      }
    }
    // The welcome mail carries the first code: a resend waits its turn like any other.
    await this.attempts.consume('resend_code', customer.email, 1, VERIFICATION_RESEND_SECONDS);
    await this.app.mailer.send({ to: customer.email, template: 'welcome', data: { firstName: customer.firstName, accountNumber: customer.accountNumber, code }, customerId: customer.id });
    return customer;
  }

  private async findByEmail(m: EntityManager, email: string) {
    return customerByEmail(m, email);
  }

  /**
   * Wrong codes count per e-mail whether or not an application uses it, and an address already verified
   * answers like any other: the right (last) code succeeds again, anything else is 'Code is incorrect'.
   */
  async verifyEmail(email: string, code: string) {
    if ((await this.attempts.lockedSeconds('verify_code', email)) > 0) throw errors.tooManyCodeAttempts();
    const outcome = await withTransaction(this.app.db, async (m) => {
      const c = await this.findByEmail(m, email);
      if (!c) return errors.codeIncorrect();
      const v = await lockLatestEmailVerification(m, c.id);
      if (c.emailVerifiedAt) return v && v.consumedAt && v.codeHash === this.codeHash(c.id, code) ? ('verified' as const) : errors.codeIncorrect();
      if (!v || v.consumedAt) return errors.codeIncorrect();
      if (v.attempts >= MAX_CODE_ATTEMPTS) return errors.tooManyCodeAttempts();
      if (v.expiresAt.getTime() < Date.now()) return errors.codeExpired();
      if (v.codeHash !== this.codeHash(c.id, code)) {
        await setEmailVerificationAttempts(m, v.id, v.attempts + 1);
        return v.attempts + 1 >= MAX_CODE_ATTEMPTS ? errors.tooManyCodeAttempts() : errors.codeIncorrect();
      }
      await consumeEmailVerification(m, v.id, new Date());
      await markEmailVerified(m, c.id, new Date());
      return 'verified' as const;
    });
    // Wrong attempts must be counted even though the answer is an error: commit first, then throw.
    if (outcome instanceof Error) {
      if (outcome.statusCode === 400 && (await this.attempts.fail('verify_code', email, CODE_LOCK))) throw errors.tooManyCodeAttempts();
      throw outcome;
    }
    await this.attempts.clear('verify_code', email);
    return outcome;
  }

  /** One code per VERIFICATION_RESEND_SECONDS per e-mail, counted whether or not an application uses it. */
  async resendCode(email: string) {
    const wait = await this.attempts.consume('resend_code', email, 1, VERIFICATION_RESEND_SECONDS);
    if (wait > 0) throw errors.resendTooSoon(wait);
    const result = await withTransaction(this.app.db, async (m) => {
      const c = await this.findByEmail(m, email);
      if (!c || c.emailVerifiedAt) return undefined;
      const code = randomDigits(6);
      await insertEmailVerification(m, c.id, this.codeHash(c.id, code), new Date(Date.now() + VERIFICATION_CODE_TTL_MINUTES * 60_000));
      return { c, code };
    });
    if (result) {
      await this.app.mailer.send({ to: result.c.email, template: 'verificationCode', data: { firstName: result.c.firstName, code: result.code }, customerId: result.c.id });
    }
  }

  /**
   * Failures count per account number whether or not an account has it, so a lockout (423) answers the same
   * for a number nobody holds: it tells nothing about which numbers exist.
   */
  async login(accountNumber: string, password: string) {
    const m = this.app.db.manager;
    if ((await this.attempts.lockedSeconds('login', accountNumber)) > 0) throw errors.accountLocked();
    const c = await customerWithPasswordByAccountNumber(m, accountNumber);
    const passwordOk = c ? await verifySecret(c.passwordHash, password) : (await burnVerify(password), false);
    if (!c || !passwordOk) {
      if (await this.attempts.fail('login', accountNumber, LOGIN_LOCK)) throw errors.accountLocked();
      throw errors.invalidCredentials();
    }
    await this.attempts.clear('login', accountNumber);
    return c;
  }

  async changePassword(customerId: string, sessionId: string, currentPassword: string, newPassword: string) {
    const m = this.app.db.manager;
    const c = await customerWithPasswordById(m, customerId);
    if (!(await verifySecret(c.passwordHash, currentPassword))) throw errors.currentPasswordWrong();
    await setPasswordHash(m, c.id, await hashSecret(newPassword));
    await this.expireResetLinks(m, c.id);
    await this.app.sessions.revokeAllFor('customer', c.id, sessionId);
    if (c.notificationPreferences.securityAlerts) {
      await this.app.mailer.send({ to: c.email, template: 'passwordChanged', data: { firstName: c.firstName }, customerId: c.id });
    }
  }

  /** Every reset link of this customer not used yet dies (password changed, a link used, a new link sent). */
  private async expireResetLinks(m: EntityManager, customerId: string) {
    await endPasswordResets(m, customerId);
  }

  /** Runs after the answer. At most RESET_MAILS_PER_WINDOW links per e-mail per window, known or not. */
  async forgotPassword(email: string) {
    if ((await this.attempts.consume('reset_mail', email, RESET_MAILS_PER_WINDOW, RESET_MAIL_WINDOW_S)) > 0) return;
    const token = randomToken(32);
    const c = await withTransaction(this.app.db, async (m) => {
      const found = await this.findByEmail(m, email);
      if (!found) return undefined;
      await this.expireResetLinks(m, found.id);
      await insertPasswordReset(m, found.id, sha256Hex(token), new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000));
      return found;
    });
    if (!c) return;
    const link = `${this.app.config.publicUrl}/reset-password?token=${token}`;
    await this.app.mailer.send({ to: c.email, template: 'passwordReset', data: { firstName: c.firstName, link }, customerId: c.id });
  }

  async resetPassword(token: string, newPassword: string) {
    const passwordHash = await hashSecret(newPassword);
    const customer = await withTransaction(this.app.db, async (m) => {
      // Single use: the UPDATE claims the token atomically.
      const customerId = await claimResetToken(m, sha256Hex(token));
      if (customerId === undefined) throw errors.resetLinkInvalid();
      await this.expireResetLinks(m, customerId);
      const accountNumber = await resetPassword(m, customerId, passwordHash);
      return { id: customerId, accountNumber };
    });
    await this.attempts.clear('login', customer.accountNumber);
    await this.app.sessions.revokeAllFor('customer', customer.id);
  }

  async userFor(customerId: string) {
    const m = this.app.db.manager;
    const c = await customerById(m, customerId);
    if (!c) throw new Error('Customer not found');
    return toUserDto(m, c);
  }
}
