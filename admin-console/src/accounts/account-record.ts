import { ACCOUNT_CURRENCIES, type ApiPaths } from '@strongroom/shared';
import { humanize } from '../components/StatusField';

/** An account as the console's list reads it (GET /v1/admin/accounts). */
export type AccountRecord = ApiPaths['/v1/admin/accounts']['get']['responses'][200]['content']['application/json'][number];
/** One account as its page reads it (GET /v1/admin/accounts/{id}): owner, holders, holds, history. */
export type AccountDetail = ApiPaths['/v1/admin/accounts/{id}']['get']['responses'][200]['content']['application/json'];
/** An account a customer holds, with their role on it (GET /v1/admin/customers/{id}/accounts). */
export type CustomerAccount = ApiPaths['/v1/admin/customers/{id}/accounts']['get']['responses'][200]['content']['application/json']['accounts'][number];

export const ACCOUNT_PRODUCTS = ['checking', 'savings', 'business', 'fixed_deposit'] as const satisfies readonly AccountRecord['product'][];
export const ACCOUNT_STATUSES = ['pending', 'awaiting_second_approval', 'rejected', 'active', 'frozen', 'closed'] as const satisfies readonly AccountRecord['status'][];
/** A business account waits in these for a staff decision (the review queue's 'Business accounts'). */
export const ACCOUNT_PENDING_STATUSES = ['pending'] as const;

const PRODUCT_NAMES: Record<AccountRecord['product'], string> = { checking: 'Current', savings: 'Savings', business: 'Business', fixed_deposit: 'Term deposit' };
export const productName = (product: string) => PRODUCT_NAMES[product as AccountRecord['product']] ?? humanize(product);

export const productChoices = ACCOUNT_PRODUCTS.map((p) => ({ id: p, name: productName(p) }));
export const statusChoices = ACCOUNT_STATUSES.map((s) => ({ id: s, name: humanize(s) }));
export const currencyChoices = ACCOUNT_CURRENCIES.map((c) => ({ id: c, name: c }));

/** 10 digits in groups as customers see them: 1234 5678 90. */
export const groupedNumber = (number: string) => number.replace(/^(\d{4})(\d{4})(\d{2})$/, '$1 $2 $3');
