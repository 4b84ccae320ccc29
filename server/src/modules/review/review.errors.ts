import { AppError, forbidden } from '../../common/app-error';

const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

export const adminOnly = () => forbidden('Your role does not allow this action');
export const reasonRequired = () => new AppError(400, 'Please give a reason', { reason: 'Please give a reason' });
export const itemNotFound = (noun: string) => new AppError(404, `${capitalised(noun)} not found`);
export const alreadyDecided = (noun: string, outcome: 'approved' | 'rejected') => new AppError(409, `This ${noun} has already been ${outcome}`);
export const notDecidable = (noun: string, status: string) => new AppError(409, `This ${noun} cannot be decided while it is ${status.replace(/_/g, ' ')}`);
export const secondApproverMustDiffer = (noun: string) => new AppError(409, `You gave the first approval of this ${noun}; a second admin must give the second.`);
