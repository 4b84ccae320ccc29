import { AppError } from '../../common/app-error';

export const accountFrozen = () => new AppError(403, 'Your account is frozen. Unfreeze it in the app to send money.');
export const wrongPassword = () => new AppError(400, 'Incorrect password', { password: 'Incorrect password' });
export const notFrozen = () => new AppError(409, 'Your account is not frozen');
export const customerNotFound = () => new AppError(404, 'Customer not found');
