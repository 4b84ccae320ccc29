import { AppError, notFound } from '../../common/app-error';

export const cardNotFound = () => notFound('Card not found');
export const cardNotIssued = () => new AppError(409, 'This card has not been issued yet');
export const cardBlocked = () => new AppError(409, 'This card is blocked. Please contact support.');
export const cardNotActive = () => new AppError(409, 'Only an issued card can be blocked');
export const nothingOwed = () => new AppError(400, 'There is no balance to pay on this card', { amount: 'There is no balance to pay on this card' });
export const paymentAboveOwed = (owed: string) => new AppError(400, `The amount is more than the balance owed (${owed})`, { amount: `The amount is more than the balance owed (${owed})` });
export const authorisationNotFound = () => notFound('Authorisation not found');
export const authorisationNotHeld = (status: string) => new AppError(409, `This authorisation is ${status}; only a held authorisation can be captured or voided`);
export const captureAboveHold = () => new AppError(400, 'The capture is more than the amount authorised', { amount: 'The capture is more than the amount authorised' });
export const networkCredentialRequired = () => new AppError(401, 'A card network key or a staff admin session is required');
