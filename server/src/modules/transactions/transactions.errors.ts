import { busy } from '../../common/app-error';

/** PDF statements drawn or waiting at once, for all customers together, before more are refused as busy. */
export const STATEMENT_DRAWINGS_MAX = 4;

export const statementsBusy = () => busy('We are preparing many statements just now. Please try again in a minute.', 30);
