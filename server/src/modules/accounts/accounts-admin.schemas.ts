import * as yup from 'yup';
import { AppError } from '../../common/app-error';
import { UUID_PATTERN } from '../../common/ids';
import { moneySchema, timelineSchema } from '../../common/route-schemas';
import { transactionItemSchema } from '../transactions';
import type { AccountProduct, AccountStatus, HolderRole } from './accounts.queries';

/** Every product and status an account may have (the accounts table's CHECKs, docs/decisions/0062-accounts.md). */
export const ACCOUNT_PRODUCTS = ['checking', 'savings', 'business', 'fixed_deposit'] as const satisfies readonly AccountProduct[];
export const ACCOUNT_STATUSES = ['pending', 'awaiting_second_approval', 'rejected', 'active', 'frozen', 'closed'] as const satisfies readonly AccountStatus[];
const HOLDER_ROLES = ['owner', 'joint', 'dependant'] as const satisfies readonly HolderRole[];

/** An account number as staff type it: the whole 10 digits, or the first 1 to 9 of them. */
const NUMBER_PREFIX = /^[0-9]{1,10}$/;

/**
 * The staff list's `filter` (ra-data-simple-rest sends it as JSON): each field optional, an unknown field or a value
 * outside its choices a 400 naming it, so a mistyped filter never reads as "no such accounts". `id` is react-admin's
 * getMany (a ReferenceField naming accounts).
 */
const accountFilterSchema = yup.object({
  number: yup.string().trim().matches(NUMBER_PREFIX, 'An account number is up to 10 digits'),
  customerId: yup.string().matches(UUID_PATTERN, 'customerId must be a customer id'),
  product: yup.string().oneOf([...ACCOUNT_PRODUCTS], `product must be one of ${ACCOUNT_PRODUCTS.join(', ')}`),
  currency: yup
    .string()
    .trim()
    .uppercase()
    .matches(/^[A-Z]{3}$/, 'currency must be a three-letter code'),
  status: yup.string().oneOf([...ACCOUNT_STATUSES], `status must be one of ${ACCOUNT_STATUSES.join(', ')}`),
  id: yup.array(yup.string().required().matches(UUID_PATTERN, 'id must be account ids')).max(200, 'At most 200 ids'),
});

export type AccountFilter = yup.InferType<typeof accountFilterSchema>;

/** The list's filter checked and typed, or a 400 with the field's message. */
export function parseAccountFilter(filter: Record<string, unknown>): AccountFilter {
  // react-admin's empty inputs arrive as '' or null: no filter on that field.
  const given = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== '' && value !== null && value !== undefined));
  const unknown = Object.keys(given).filter((key) => !(key in accountFilterSchema.fields));
  if (unknown.length > 0) throw new AppError(400, `Unknown filter: ${unknown[0]}`, Object.fromEntries(unknown.map((key) => [key, `Unknown filter: ${key}`])));
  try {
    return accountFilterSchema.validateSync(given, { abortEarly: false, strict: false });
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    const errors = Object.fromEntries(err.inner.map((e) => [e.path ?? 'filter', e.message]));
    throw new AppError(400, err.errors[0] ?? 'Invalid filter', Object.keys(errors).length > 0 ? errors : undefined);
  }
}

const text = { type: 'string' };
const textOrNull = { type: ['string', 'null'] };
const uuid = { type: 'string', format: 'uuid' };
const dateTime = { type: 'string', format: 'date-time' };
const dateTimeOrNull = { type: ['string', 'null'], format: 'date-time' };

const owner = {
  type: 'object',
  required: ['id', 'name', 'accountNumber', 'email', 'status'],
  properties: { id: uuid, name: text, accountNumber: { ...text, description: 'Their sign-in number: their primary account' }, email: text, status: text },
};

/** An account in the console's list (toAdminAccountItem). */
export const adminAccountItemSchema = {
  type: 'object',
  required: ['id', 'number', 'name', 'product', 'currency', 'status', 'statusReason', 'isPrimary', 'ownerId', 'ownerName', 'balance', 'openedAt', 'createdAt'],
  properties: {
    id: uuid,
    number: text,
    name: text,
    product: { type: 'string', enum: [...ACCOUNT_PRODUCTS] },
    currency: text,
    status: { type: 'string', enum: [...ACCOUNT_STATUSES] },
    statusReason: textOrNull,
    isPrimary: { type: 'boolean' },
    ownerId: uuid,
    ownerName: text,
    balance: moneySchema,
    openedAt: dateTimeOrNull,
    createdAt: dateTime,
  },
};

const holderSchema = {
  type: 'object',
  required: ['id', 'customerId', 'name', 'accountNumber', 'role', 'status', 'dailyLimit', 'spentToday', 'since'],
  properties: {
    id: uuid,
    customerId: uuid,
    name: text,
    accountNumber: text,
    role: { type: 'string', enum: ['joint', 'dependant'] },
    status: { type: 'string', enum: ['invited', 'active'] },
    dailyLimit: { anyOf: [moneySchema, { type: 'null' }], description: "A dependant's daily limit; null for a joint holder" },
    spentToday: { anyOf: [moneySchema, { type: 'null' }] },
    since: dateTime,
  },
};

const holdSchema = {
  type: 'object',
  required: ['id', 'kind', 'amount', 'createdAt'],
  properties: { id: uuid, kind: text, amount: { ...moneySchema, description: 'With its fee' }, createdAt: dateTime },
};

/** One account for staff: the list's fields, its owner, current holders, money on hold, latest history. */
export const adminAccountSchema = {
  type: 'object',
  required: [...adminAccountItemSchema.required, 'closedAt', 'owner', 'holders', 'held', 'holds', 'transactions', 'timeline'],
  properties: {
    ...adminAccountItemSchema.properties,
    closedAt: dateTimeOrNull,
    owner,
    holders: { type: 'array', items: holderSchema, description: 'Invited and active joint holders and dependants' },
    held: { ...moneySchema, description: "Pending payments' amounts and fees: out of the balance already, waiting for settlement (a rejection gives them back)" },
    holds: { type: 'array', items: holdSchema, description: 'Those pending payments, newest first' },
    transactions: { type: 'array', items: transactionItemSchema, description: 'The latest 50, newest first' },
    timeline: timelineSchema,
  },
};

/** An account a customer holds, as their console page lists it: the list's fields and their role on it. */
export const customerAccountSchema = {
  type: 'object',
  required: [...adminAccountItemSchema.required, 'role'],
  properties: { ...adminAccountItemSchema.properties, role: { type: 'string', enum: [...HOLDER_ROLES] } },
};
