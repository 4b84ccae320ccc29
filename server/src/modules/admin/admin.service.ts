import type { FastifyInstance } from 'fastify';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, type StaffRole } from '@strongroom/shared';
import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { withTransaction } from '../../db/transaction';
import { burnVerify, hashSecret, verifySecret } from '../../common/crypto';
import { confirmTotpEnrolment, lockLastTotpStep, setLastTotpStep, upsertStaffUser } from './staff-mfa.queries';
import { StaffUserEntity } from './entities/staff-user.entity';
import { activeStaffForSignIn } from './staff-members.queries';
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
    const staff = await activeStaffForSignIn(m, email);
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
    const lastStep = await lockLastTotpStep(m, staff.id);
    if (!staff.totpEnrolledAt || !staff.totpSecretEncrypted) {
      const enrolment = await this.mfa.pendingEnrolment(m, staff);
      if (!otp) return errors.mfaRequired(errors.ENROL_NEEDED, enrolment);
      const step = await this.mfa.totpStep(this.mfa.seal(enrolment.secret), otp, null);
      if (step === null) return errors.mfaRequired(errors.OTP_WRONG, enrolment);
      await confirmTotpEnrolment(m, staff.id, step);
      return { staff, recoveryCodes: await this.mfa.issueRecoveryCodes(m, staff.id) };
    }
    if (!otp) return errors.mfaRequired(errors.OTP_NEEDED);
    const step = await this.mfa.totpStep(staff.totpSecretEncrypted, otp, lastStep);
    if (step !== null) {
      await setLastTotpStep(m, staff.id, step);
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
    await upsertStaffUser(this.app.db, { email, name, role, passwordHash, sealedTotpSecret: sealed });
    await this.attempts.clear('staff_login', email);
  }
}
