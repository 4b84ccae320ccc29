import { AppError } from '../../common/app-error';
import { LOGIN_LOCK_MINUTES } from '@strongroom/shared';

export const invalidCredentials = () => new AppError(401, 'Invalid account number or password');
export const accountLocked = () => new AppError(423, `Too many failed attempts. Your account is locked for ${LOGIN_LOCK_MINUTES} minutes.`);
export const emailTaken = () => new AppError(409, 'An account with this email already exists', { email: 'An account with this email already exists' });
export const codeIncorrect = () => new AppError(400, 'Code is incorrect', { code: 'Code is incorrect' });
export const codeExpired = () => new AppError(400, 'This code has expired. Request a new one.', { code: 'This code has expired. Request a new one.' });
export const tooManyCodeAttempts = () => new AppError(429, 'Too many wrong codes. Request a new one.', { code: 'Too many wrong codes. Request a new one.' });
export const resendTooSoon = (seconds: number) => new AppError(429, `Please wait ${seconds} seconds before requesting a new code.`);
export const currentPasswordWrong = () => new AppError(400, 'Current password is incorrect', { currentPassword: 'Current password is incorrect' });
export const resetLinkInvalid = () => new AppError(400, 'This reset link is invalid or has expired', { token: 'This reset link is invalid or has expired' });
export const tooManyPasswordTries = () => new AppError(429, `Too many wrong passwords. Try again in ${LOGIN_LOCK_MINUTES} minutes.`);
