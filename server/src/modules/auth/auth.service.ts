import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { CustomerEntity, DEFAULT_NOTIFICATION_PREFERENCES } from '../user/entities/customer.entity';
import { EmailVerificationEntity } from './entities/email-verification.entity';
import { PasswordResetEntity } from './entities/password-reset.entity';
import { PASSPORT_RULES } from '../files/files.service';
import type { StoredFileEntity } from '../files/entities/stored-file.entity';
import { openCustomerAccount } from '../ledger/ledger.service';
import { personalFields, toUserDto } from '../user/user.service';
import * as errors from './auth.errors';
import { rows } from '../../common/sql';

const UNIQUE_VIOLATION = '23505';

export class AuthService {
  constructor(private readonly app: FastifyInstance) {}

  private codeHash(customerId: string, code: string) {
    // Keyed so a leaked table does not reveal 6-digit codes by brute force.
    return hmacHex(this.app.config.keys.codeHmac, `${customerId}:${code}`);
  }

  private async newAccountNumber(manager: EntityManager): Promise<string> {
    for (let i = 0; i < 20; i++) {
      const candidate = `${randomInt(1, 10)}${randomDigits(9)}`; // no leading zero: the number survives being read as an integer
      const taken = await manager.query(`SELECT 1 FROM customers WHERE account_number = $1`, [candidate]);
      if (taken.length === 0) return candidate;
    }
    throw new Error('could not allocate an account number');
  }

  async register(input: RegisterInput, image: Buffer | undefined) {
    const type = this.app.files.check(image, PASSPORT_RULES);
    const [passwordHash, pinHash] = await Promise.all([hashSecret(input.password), hashPin(input.transactionPin, pinPepperFrom(this.app.config.encryptionKey))]);
    const code = randomDigits(6);
    let customer: CustomerEntity | undefined;
    // Two applications may draw the same free number at once; the unique index decides and the loser retries.
    for (let attempt = 1; !customer; attempt++) {
      let stored: StoredFileEntity | undefined;
      try {
        customer = await withTransaction(this.app.db, async (m) => {
          const exists = await m.query(`SELECT 1 FROM customers WHERE lower(email) = lower($1)`, [input.email]);
          if (exists.length > 0) throw errors.emailTaken();
          const c = m.create(CustomerEntity, {
            accountNumber: await this.newAccountNumber(m),
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
          await m.save(c);
          stored = await this.app.files.store(m, image!, type, 'passport', c.id);
          c.passportFileId = stored.id;
          await m.update(CustomerEntity, { id: c.id }, { passportFileId: stored.id });
          await openCustomerAccount(m, c.id, c.currency);
          await m.insert(EmailVerificationEntity, {
            customerId: c.id,
            codeHash: this.codeHash(c.id, code),
            expiresAt: new Date(Date.now() + VERIFICATION_CODE_TTL_MINUTES * 60_000),
          });
          return c;
        });
      } catch (err) {
        if (stored) this.app.files.discard(stored);
        const pgErr = err as { code?: string; constraint?: string; driverError?: { constraint?: string } };
        if (pgErr.code !== UNIQUE_VIOLATION) throw err;
        const constraint = pgErr.constraint ?? pgErr.driverError?.constraint ?? '';
        if (constraint.includes('account_number') && attempt < 5) continue;
        if (constraint.includes('email')) throw errors.emailTaken();
        throw err;
      }
    }
    await this.app.mailer.send({ to: customer.email, template: 'welcome', data: { firstName: customer.firstName, accountNumber: customer.accountNumber, code }, customerId: customer.id });
    return customer;
  }

  private async findByEmail(m: EntityManager, email: string) {
    return m.createQueryBuilder(CustomerEntity, 'c').where('lower(c.email) = lower(:email)', { email }).getOne();
  }

  async verifyEmail(email: string, code: string) {
    const outcome = await withTransaction(this.app.db, async (m) => {
      const c = await this.findByEmail(m, email);
      if (!c) return errors.codeIncorrect();
      if (c.emailVerifiedAt) return 'already' as const;
      const v = await m.findOne(EmailVerificationEntity, { where: { customerId: c.id }, order: { createdAt: 'DESC' }, lock: { mode: 'pessimistic_write' } });
      if (!v || v.consumedAt) return errors.codeIncorrect();
      if (v.attempts >= MAX_CODE_ATTEMPTS) return errors.tooManyCodeAttempts();
      if (v.expiresAt.getTime() < Date.now()) return errors.codeExpired();
      if (v.codeHash !== this.codeHash(c.id, code)) {
        await m.update(EmailVerificationEntity, { id: v.id }, { attempts: v.attempts + 1 });
        return v.attempts + 1 >= MAX_CODE_ATTEMPTS ? errors.tooManyCodeAttempts() : errors.codeIncorrect();
      }
      await m.update(EmailVerificationEntity, { id: v.id }, { consumedAt: new Date() });
      await m.update(CustomerEntity, { id: c.id }, { emailVerifiedAt: new Date() });
      return 'verified' as const;
    });
    // Wrong attempts must be counted even though the answer is an error: commit first, then throw.
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  async resendCode(email: string) {
    const result = await withTransaction(this.app.db, async (m) => {
      const c = await this.findByEmail(m, email);
      if (!c || c.emailVerifiedAt) return undefined;
      const last = await m.findOne(EmailVerificationEntity, { where: { customerId: c.id }, order: { createdAt: 'DESC' } });
      if (last) {
        const waitSeconds = Math.ceil(VERIFICATION_RESEND_SECONDS - (Date.now() - last.createdAt.getTime()) / 1000);
        if (waitSeconds > 0) throw errors.resendTooSoon(waitSeconds);
      }
      const code = randomDigits(6);
      await m.insert(EmailVerificationEntity, {
        customerId: c.id,
        codeHash: this.codeHash(c.id, code),
        expiresAt: new Date(Date.now() + VERIFICATION_CODE_TTL_MINUTES * 60_000),
      });
      return { c, code };
    });
    if (result) {
      await this.app.mailer.send({ to: result.c.email, template: 'verificationCode', data: { firstName: result.c.firstName, code: result.code }, customerId: result.c.id });
    }
  }

  async login(accountNumber: string, password: string) {
    const m = this.app.db.manager;
    const c = await m.createQueryBuilder(CustomerEntity, 'c').addSelect('c.passwordHash').where('c.accountNumber = :accountNumber', { accountNumber }).getOne();
    if (!c) {
      await burnVerify(password);
      throw errors.invalidCredentials();
    }
    if (c.lockedUntil && c.lockedUntil.getTime() > Date.now()) throw errors.accountLocked();
    if (!(await verifySecret(c.passwordHash, password))) {
      // Counted atomically so parallel guesses cannot slip past the limit.
      const [row] = await rows<{ failed_login_count: number }>(
        m,
        `UPDATE customers SET failed_login_count = CASE WHEN locked_until IS NOT NULL AND locked_until <= now() THEN 1 ELSE failed_login_count + 1 END,
                locked_until = CASE WHEN locked_until IS NOT NULL AND locked_until <= now() THEN NULL ELSE locked_until END
          WHERE id = $1 RETURNING failed_login_count`,
        [c.id],
      );
      if (row && row.failed_login_count >= LOGIN_MAX_FAILURES) {
        await m.query(`UPDATE customers SET locked_until = now() + make_interval(mins => $2), failed_login_count = 0 WHERE id = $1`, [c.id, LOGIN_LOCK_MINUTES]);
        throw errors.accountLocked();
      }
      throw errors.invalidCredentials();
    }
    await m.query(`UPDATE customers SET failed_login_count = 0, locked_until = NULL WHERE id = $1`, [c.id]);
    return c;
  }

  async changePassword(customerId: string, sessionId: string, currentPassword: string, newPassword: string) {
    const m = this.app.db.manager;
    const c = await m.createQueryBuilder(CustomerEntity, 'c').addSelect('c.passwordHash').where('c.id = :id', { id: customerId }).getOneOrFail();
    if (!(await verifySecret(c.passwordHash, currentPassword))) throw errors.currentPasswordWrong();
    await m.update(CustomerEntity, { id: c.id }, { passwordHash: await hashSecret(newPassword) });
    await this.app.sessions.revokeAllFor('customer', c.id, sessionId);
    if (c.notificationPreferences.securityAlerts) {
      await this.app.mailer.send({ to: c.email, template: 'passwordChanged', data: { firstName: c.firstName }, customerId: c.id });
    }
  }

  async forgotPassword(email: string) {
    const m = this.app.db.manager;
    const c = await this.findByEmail(m, email);
    if (!c) return;
    const token = randomToken(32);
    await m.insert(PasswordResetEntity, { customerId: c.id, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000) });
    const link = `${this.app.config.publicUrl}/reset-password?token=${token}`;
    await this.app.mailer.send({ to: c.email, template: 'passwordReset', data: { firstName: c.firstName, link }, customerId: c.id });
  }

  async resetPassword(token: string, newPassword: string) {
    const passwordHash = await hashSecret(newPassword);
    const customerId = await withTransaction(this.app.db, async (m) => {
      // Single use: the UPDATE claims the token atomically.
      const claimed = await rows<{ customer_id: string }>(m, `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id`, [
        sha256Hex(token),
      ]);
      if (claimed.length === 0) throw errors.resetLinkInvalid();
      await m.query(`UPDATE customers SET password_hash = $2, failed_login_count = 0, locked_until = NULL WHERE id = $1`, [claimed[0].customer_id, passwordHash]);
      return claimed[0].customer_id;
    });
    await this.app.sessions.revokeAllFor('customer', customerId);
  }

  async userFor(customerId: string) {
    const m = this.app.db.manager;
    const c = await m.findOneOrFail(CustomerEntity, { where: { id: customerId } });
    return toUserDto(m, c);
  }

  clientInfo(request: FastifyRequest) {
    return { ip: request.ip };
  }
}
