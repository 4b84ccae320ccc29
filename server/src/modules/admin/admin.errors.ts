import { LOGIN_LOCK_MINUTES } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import type { Enrolment } from './staff-mfa.service';

export const invalidStaffCredentials = () => new AppError(401, 'Invalid e-mail or password');
export const staffLocked = () => new AppError(423, `Too many failed attempts. This account is locked for ${LOGIN_LOCK_MINUTES} minutes.`);
export const OTP_NEEDED = 'Enter the 6-digit code from your authenticator app';
export const OTP_WRONG = 'That code is not right. Enter the current 6-digit code, or a recovery code.';
export const ENROL_NEEDED = 'Set up your authenticator app to finish signing in: scan the QR code, then enter the 6-digit code it shows.';

/** 401 with `mfaRequired: true`; at first sign-in it carries the enrolment (secret and QR code). */
export const mfaRequired = (message: string, enrolment?: Enrolment) =>
  new AppError(401, message, undefined, 'MFA_REQUIRED', { mfaRequired: true, ...(enrolment ? { enrolmentRequired: true, enrolment } : {}) });
