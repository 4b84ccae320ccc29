import type { FastifyInstance } from 'fastify';
import { LOGIN_LOCK_MINUTES, MAX_CODE_ATTEMPTS, VERIFICATION_CODE_TTL_MINUTES } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import { hmacHex, randomDigits, verifySecret } from '../../common/crypto';
import * as q from './email-change.queries';
import { withTransaction } from '../../db/transaction';
import { customerById, toUserDto } from '../user';
import { customerWithPasswordById } from './auth.queries';
import { AttemptLimiter } from './attempts.service';
import * as errors from './auth.errors';

const PASSWORD_LOCK = { maxFailures: 5, lockMinutes: LOGIN_LOCK_MINUTES, windowMinutes: LOGIN_LOCK_MINUTES };
const UNIQUE_VIOLATION = '23505';

/**
 * A new e-mail address needs the current password and a code sent to that address; the old address gets a
 * notice, and emailVerifiedAt moves to the new one (it was proved by the code).
 */
export class EmailChangeService {
  private readonly attempts: AttemptLimiter;

  constructor(private readonly app: FastifyInstance) {
    this.attempts = new AttemptLimiter(app.db, app.config.keys.attempts);
  }

  private codeHash(customerId: string, newEmail: string, code: string) {
    return hmacHex(this.app.config.keys.codeHmac, `email-change:${customerId}:${newEmail}:${code}`);
  }

  async request(customerId: string, currentPassword: string, newEmail: string) {
    const email = newEmail.trim().toLowerCase();
    if ((await this.attempts.lockedSeconds('email_change', customerId)) > 0) throw errors.tooManyPasswordTries();
    const m = this.app.db.manager;
    const c = await customerWithPasswordById(m, customerId);
    if (!(await verifySecret(c.passwordHash, currentPassword))) {
      if (await this.attempts.fail('email_change', customerId, PASSWORD_LOCK)) throw errors.tooManyPasswordTries();
      throw errors.currentPasswordWrong();
    }
    await this.attempts.clear('email_change', customerId);
    if (email === c.email.toLowerCase()) throw new AppError(400, 'This is already your e-mail address', { newEmail: 'This is already your e-mail address' });
    if (await q.emailTaken(m, email)) throw new AppError(409, 'An account with this email already exists', { newEmail: 'An account with this email already exists' });
    const code = randomDigits(6);
    await withTransaction(this.app.db, async (tx) => {
      await q.dropPendingEmailChanges(tx, c.id);
      await q.insertEmailChange(tx, c.id, email, this.codeHash(c.id, email, code), VERIFICATION_CODE_TTL_MINUTES);
    });
    await this.app.mailer.send({ to: email, template: 'emailChangeCode', data: { firstName: c.firstName, code }, customerId: c.id });
    return email;
  }

  async confirm(customerId: string, code: string) {
    const outcome = await withTransaction(this.app.db, async (m) => {
      const pending = await q.lockPendingEmailChange(m, customerId);
      if (!pending) return new AppError(400, 'There is no e-mail change waiting for a code. Start again.', { code: 'There is no e-mail change waiting for a code. Start again.' });
      if (pending.attempts >= MAX_CODE_ATTEMPTS) return errors.tooManyCodeAttempts();
      if (pending.expired) return errors.codeExpired();
      if (pending.code_hash !== this.codeHash(customerId, pending.new_email, code)) {
        await q.countWrongEmailCode(m, pending.id);
        return pending.attempts + 1 >= MAX_CODE_ATTEMPTS ? errors.tooManyCodeAttempts() : errors.codeIncorrect();
      }
      const before = await q.lockEmailOwner(m, customerId);
      await q.consumeEmailChange(m, pending.id);
      await q.setVerifiedEmail(m, customerId, pending.new_email);
      // Links mailed to the old address must not outlive it.
      await q.endPasswordResets(m, customerId);
      return { oldEmail: before.email, firstName: before.first_name, newEmail: pending.new_email };
    }).catch((err: { code?: string; driverError?: { code?: string } }) => {
      if (err.code === UNIQUE_VIOLATION || err.driverError?.code === UNIQUE_VIOLATION) return errors.emailTaken();
      throw err;
    });
    // Wrong codes are counted even though the answer is an error: commit first, then throw.
    if (outcome instanceof Error) throw outcome;
    await this.app.mailer.send({ to: outcome.oldEmail, template: 'emailChanged', data: { firstName: outcome.firstName, newEmail: outcome.newEmail }, customerId });
    const c = await customerById(this.app.db.manager, customerId);
    if (!c) throw new Error('Customer not found');
    return toUserDto(this.app.db.manager, c);
  }
}
