import { ChequeList } from './ChequeList';
import { ChequeShow } from './ChequeShow';

/** The cheque deposits resource: list and show (images, duplicates, decision, timeline); the menu icon is icon.ts. */
export { ChequeList as list, ChequeShow as show };
