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

// Staff members (docs/decisions/0051).
export const staffMemberNotFound = () => new AppError(404, 'Staff member not found');
export const staffEmailTaken = () => new AppError(409, 'A staff member with this e-mail already exists', { email: 'A staff member with this e-mail already exists' });
export const ownAccessUnchangeable = () => new AppError(409, 'You cannot change your own role or access; ask another admin');
export const notInvited = () => new AppError(409, 'This member has already set a password');
export const invitationInvalid = (message: string) => new AppError(400, message, { token: message });
