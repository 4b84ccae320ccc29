import { AppError } from '../../common/app-error';

export const standingOrderNotFound = () => new AppError(404, 'Standing order not found');
export const alreadyEnded = () => new AppError(409, 'This standing order has already ended');
