import { CARD_AUTHORISATION_STATUSES, CARD_DECLINE_REASONS, CARD_STATUSES, CARD_TYPES } from '@strongroom/shared';
import { moneySchema } from '../../common/route-schemas';

/** A card as the customer and staff routes answer it (masked: no number, no security code): every field toCardDto writes. */
export const cardSchema = {
  type: 'object',
  // toCardDto writes every field (null where the card has none yet).
  required: [
    'id',
    'cardType',
    'status',
    'holderName',
    'last4',
    'expiry',
    'frozen',
    'frozenByAccount',
    'blockReason',
    'rejectionReason',
    'currency',
    'creditLimit',
    'balanceOwed',
    'holds',
    'availableCredit',
    'rewards',
    'createdAt',
    'issuedAt',
  ],
  properties: {
    id: { type: 'string' },
    cardType: { type: 'string', enum: [...CARD_TYPES] },
    status: { type: 'string', enum: [...CARD_STATUSES] },
    holderName: { type: 'string' },
    last4: { type: ['string', 'null'] },
    expiry: { type: ['string', 'null'] },
    frozen: { type: 'boolean' },
    frozenByAccount: { type: 'boolean' },
    blockReason: { type: ['string', 'null'] },
    rejectionReason: { type: ['string', 'null'] },
    currency: { type: 'string' },
    creditLimit: moneySchema,
    balanceOwed: moneySchema,
    holds: moneySchema,
    availableCredit: moneySchema,
    rewards: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    issuedAt: { type: ['string', 'null'], format: 'date-time' },
  },
};

/** A card's purchase or payment as its activity list shows it (CardActivityDto). */
export const cardActivitySchema = {
  type: 'object',
  required: ['id', 'kind', 'status', 'description', 'amount', 'currency', 'declineReason', 'createdAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    kind: { type: 'string', enum: ['purchase', 'payment'] },
    status: { type: 'string', enum: [...CARD_AUTHORISATION_STATUSES, 'success'] },
    description: { type: 'string' },
    amount: moneySchema,
    currency: { type: 'string' },
    declineReason: { anyOf: [{ type: 'string', enum: [...CARD_DECLINE_REASONS] }, { type: 'null' }] },
    createdAt: { type: 'string', format: 'date-time' },
  },
};
