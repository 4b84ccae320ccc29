import { AppError } from '../../common/app-error';

export const FX_RATE_NOT_FOUND = 'FX rate not found';
export const fxRateNotFound = () => new AppError(404, FX_RATE_NOT_FOUND);
