import { ACCOUNT_CURRENCIES } from '@strongroom/shared';
import { moneySchema } from '../../common/route-schemas';

const PRODUCTS = ['checking', 'savings', 'business', 'fixed_deposit'];
const STATUSES = ['pending', 'awaiting_second_approval', 'rejected', 'active', 'frozen', 'closed'];
const ROLES = ['owner', 'joint', 'dependant'];
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' };

const accountProperties = {
  id: { type: 'string', format: 'uuid' },
  number: { type: 'string', pattern: '^[0-9]{10}$' },
  name: { type: 'string' },
  product: { type: 'string', enum: PRODUCTS },
  currency: { type: 'string', enum: [...ACCOUNT_CURRENCIES] },
  status: { type: 'string', enum: STATUSES },
  statusReason: { type: ['string', 'null'], description: 'Why staff did not open it, when rejected' },
  role: { type: 'string', enum: ROLES, description: "The caller's role on the account" },
  isPrimary: { type: 'boolean', description: "The owner's primary account: its number is their sign-in number, and it closes last" },
  balance: { ...moneySchema, description: 'The ledger balance plus what payments waiting for staff hold' },
  availableBalance: { ...moneySchema, description: 'What can be spent now' },
  dailyLimit: { ...moneySchema, description: 'A dependant only: what they may pay from it per day' },
  spentToday: { ...moneySchema, description: 'A dependant only: what they paid from it today' },
  openedAt: nullableDateTime,
  closedAt: nullableDateTime,
  createdAt: { type: 'string', format: 'date-time' },
};

const accountRequired = ['id', 'number', 'name', 'product', 'currency', 'status', 'statusReason', 'role', 'isPrimary', 'balance', 'availableBalance', 'openedAt', 'closedAt', 'createdAt'];

/** An account as a holder sees it (account-views.ts, AccountView). */
export const accountSchema = { type: 'object', properties: accountProperties, required: accountRequired, additionalProperties: false };

const holderSchema = {
  type: 'object',
  properties: {
    id: { type: ['string', 'null'], format: 'uuid', description: 'The holder record (null for the owner)' },
    role: { type: 'string', enum: ROLES },
    status: { type: 'string', enum: ['active', 'invited'] },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    dailyLimit: { ...moneySchema, description: 'Dependants only' },
  },
  required: ['id', 'role', 'status', 'firstName', 'lastName'],
  additionalProperties: false,
};

/** One account with what a payer needs and who holds it. */
export const accountDetailSchema = {
  type: 'object',
  properties: {
    ...accountProperties,
    paymentDetails: {
      type: 'object',
      properties: { accountHolderName: { type: 'string' }, accountNumber: { type: 'string' }, bankName: { type: 'string' }, currency: { type: 'string' } },
      required: ['accountHolderName', 'accountNumber', 'bankName', 'currency'],
      additionalProperties: false,
    },
    holders: { type: 'array', items: holderSchema },
  },
  required: [...accountRequired, 'paymentDetails', 'holders'],
  additionalProperties: false,
};
