import type { FastifyInstance } from 'fastify';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, type StaffRole } from '@strongroom/shared';
import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { withTransaction } from '../../db/transaction';
import { burnVerify, hashSecret, verifySecret } from '../../common/crypto';
import { rows } from '../../common/sql';
import { StaffUserEntity } from './entities/staff-user.entity';
import { AttemptLimiter, type LockRule } from '../auth';
import { StaffMfa } from './staff-mfa.service';
import * as errors from './admin.errors';

const STAFF_LOCK: LockRule = { maxFailures: LOGIN_MAX_FAILURES, lockMinutes: LOGIN_LOCK_MINUTES, windowMinutes: LOGIN_LOCK_MINUTES };

export interface StaffSignIn {
  staff: StaffUserEntity;
  /** Shown once, right after the member enrolled their authenticator. */
  recoveryCodes?: string[];
}

export class AdminService {
  private readonly mfa: StaffMfa;
  private readonly attempts: AttemptLimiter;

  constructor(private readonly app: FastifyInstance) {
    this.mfa = new StaffMfa(app.config.encryptionKey);
    this.attempts = new AttemptLimiter(app.db, app.config.keys.attempts);
  }

  /**
   * Password, then the second factor. Failures count per e-mail whether or not a member uses it, so the
   * lockout (423) says nothing about who works here. A member who has not enrolled gets the enrolment
   * (secret and QR code) after a right password and becomes enrolled by sending a code from it.
   */
  async login(email: string, password: string, otp: string | undefined): Promise<StaffSignIn> {
    const m = this.app.db.manager;
    if ((await this.attempts.lockedSeconds('staff_login', email)) > 0) throw errors.staffLocked();
    const staff = await m
      .createQueryBuilder(StaffUserEntity, 's')
      .addSelect(['s.passwordHash', 's.totpSecretEncrypted', 's.totpPendingEncrypted', 's.totpLastStep'])
      .where('lower(s.email) = lower(:email) AND s.active', { email })
      .getOne();
    // An invited member who has not set a password yet signs in like nobody: the same answer, the same work.
    if (!staff || !staff.passwordHash) {
      await burnVerify(password);
      await this.attempts.fail('staff_login', email, STAFF_LOCK);
      throw errors.invalidStaffCredentials();
    }
    if (!(await verifySecret(staff.passwordHash, password))) {
      await this.attempts.fail('staff_login', email, STAFF_LOCK);
      throw errors.invalidStaffCredentials();
    }
    const outcome = await withTransaction(this.app.db, (tx) => this.secondFactor(tx, staff, otp));
    if (outcome instanceof Error) {
      if (outcome.statusCode === 401 && otp) await this.attempts.fail('staff_login', email, STAFF_LOCK);
      throw outcome;
    }
    await this.attempts.clear('staff_login', email);
    return outcome;
  }

  /** Returns (does not throw) the refusal, so a pending enrolment written on the way commits. */
  private async secondFactor(m: EntityManager, staff: StaffUserEntity, otp: string | undefined): Promise<StaffSignIn | AppError> {
    const locked = await rows<{ totp_last_step: string | null }>(m, `SELECT totp_last_step FROM staff_users WHERE id = $1 FOR UPDATE`, [staff.id]);
    const lastStep = locked[0]?.totp_last_step ?? null;
    if (!staff.totpEnrolledAt || !staff.totpSecretEncrypted) {
      const enrolment = await this.mfa.pendingEnrolment(m, staff);
      if (!otp) return errors.mfaRequired(errors.ENROL_NEEDED, enrolment);
      const step = await this.mfa.totpStep(this.mfa.seal(enrolment.secret), otp, null);
      if (step === null) return errors.mfaRequired(errors.OTP_WRONG, enrolment);
      await m.query(`UPDATE staff_users SET totp_secret_encrypted = totp_pending_encrypted, totp_pending_encrypted = NULL, totp_enrolled_at = now(), totp_last_step = $2 WHERE id = $1`, [
        staff.id,
        step,
      ]);
      return { staff, recoveryCodes: await this.mfa.issueRecoveryCodes(m, staff.id) };
    }
    if (!otp) return errors.mfaRequired(errors.OTP_NEEDED);
    const step = await this.mfa.totpStep(staff.totpSecretEncrypted, otp, lastStep);
    if (step !== null) {
      await m.query(`UPDATE staff_users SET totp_last_step = $2 WHERE id = $1`, [staff.id, step]);
      return { staff };
    }
    if (await this.mfa.useRecoveryCode(m, staff.id, otp)) return { staff };
    return errors.mfaRequired(errors.OTP_WRONG);
  }

  /**
   * Creates the staff user, or resets its password and role: how an operator gets into a fresh deployment.
   * With `totpSecret` (base32) the member is enrolled with it; without, an existing enrolment is kept and a
   * new member enrols at first sign-in.
   */
  async ensureStaff(email: string, password: string, role: StaffRole, name: string, opts: { totpSecret?: string } = {}) {
    const passwordHash = await hashSecret(password);
    const sealed = opts.totpSecret ? this.mfa.seal(opts.totpSecret) : null;
    await this.app.db.query(
      `INSERT INTO staff_users (email, name, role, password_hash, totp_secret_encrypted, totp_enrolled_at) VALUES (lower($1), $2, $3, $4, $5, CASE WHEN $5::text IS NULL THEN NULL ELSE now() END)
       ON CONFLICT ((lower(email))) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = EXCLUDED.role, active = true, locked_until = NULL, failed_login_count = 0,
         invitation_token_hash = NULL, invitation_expires_at = NULL,
         totp_secret_encrypted = COALESCE(EXCLUDED.totp_secret_encrypted, staff_users.totp_secret_encrypted),
         totp_enrolled_at = CASE WHEN EXCLUDED.totp_secret_encrypted IS NULL THEN staff_users.totp_enrolled_at ELSE now() END,
         totp_last_step = CASE WHEN EXCLUDED.totp_secret_encrypted IS NULL THEN staff_users.totp_last_step ELSE NULL END`,
      [email, name, role, passwordHash, sealed],
    );
    await this.attempts.clear('staff_login', email);
  }
}
