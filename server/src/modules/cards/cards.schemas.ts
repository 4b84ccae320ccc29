import { moneySchema } from '../../common/route-schemas';

/** A card as the customer and staff routes answer it (masked: no number, no security code). */
export const cardSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'string' },
    cardType: { type: 'string' },
    status: { type: 'string' },
    holderName: { type: 'string' },
    last4: { type: ['string', 'null'] },
    expiry: { type: ['string', 'null'] },
    frozen: { type: 'boolean' },
    frozenByAccount: { type: 'boolean' },
    creditLimit: moneySchema,
    balanceOwed: moneySchema,
    holds: moneySchema,
    availableCredit: moneySchema,
  },
};
