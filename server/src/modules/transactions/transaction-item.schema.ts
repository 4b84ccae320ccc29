import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@strongroom/shared';
import { moneySchema } from '../../common/route-schemas';

const text = { type: 'string' };
const textOrNull = { type: ['string', 'null'] };
/**
 * A transaction as the customer's list shows it and a same-bank transfer answers it (toTransactionDto: TransactionDto
 * without the detail view's holder and timeline).
 */
export const transactionItemSchema = {
  type: 'object',
  required: ['id', 'reference', 'type', 'kind', 'status', 'description', 'category', 'amount', 'currency', 'fees', 'createdAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    reference: text,
    type: { type: 'string', enum: [...TRANSACTION_TYPES] },
    kind: text,
    status: { type: 'string', enum: [...TRANSACTION_STATUSES] },
    description: text,
    category: text,
    amount: moneySchema,
    currency: text,
    fees: moneySchema,
    recipient: textOrNull,
    balanceAfter: { anyOf: [moneySchema, { type: 'null' }] },
    channel: text,
    location: textOrNull,
    memo: textOrNull,
    createdAt: { type: 'string', format: 'date-time' },
    statusReason: text,
  },
};
