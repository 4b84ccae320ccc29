import * as yup from 'yup';
import { INVITABLE_HOLDER_ROLES } from '@strongroom/shared';
import { idParamsFor, moneySchema, uuid } from '../../common/route-schemas';

/** `{id}` of an account: anything but a UUID names no account the caller holds. */
export const accountParams = idParamsFor('Account not found');
/** `{id}` and `{holderId}` of a holder of an account. */
export const holderParams = yup.object({ id: uuid('Account not found'), holderId: uuid('Holder not found') }).noUnknown();
/** `{id}` of an invitation to the caller. */
export const invitationParams = idParamsFor('Invitation not found');

const nullableMoney = { type: ['string', 'null'], pattern: moneySchema.pattern, examples: moneySchema.examples };
const role = { type: 'string', enum: [...INVITABLE_HOLDER_ROLES] };

/** Who holds an account, as any of its holders sees it (HolderDto). */
export const holderSchema = {
  type: 'object',
  properties: {
    id: { type: ['string', 'null'], format: 'uuid', description: 'The holder entry; null for the owner, who cannot be removed' },
    role: { type: 'string', enum: ['owner', ...INVITABLE_HOLDER_ROLES] },
    status: { type: 'string', enum: ['active', 'invited'] },
    name: { type: 'string', description: 'First name and last initial' },
    you: { type: 'boolean' },
    dailyLimit: { ...nullableMoney, description: "A dependant's daily spending limit, in the account's currency" },
    spentToday: { ...nullableMoney, description: 'What a dependant has spent today against their limit' },
    since: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'role', 'status', 'name', 'you', 'dailyLimit', 'spentToday', 'since'],
  additionalProperties: false,
};

/** An invitation as the invitee sees it before answering (InvitationDto): the account masked to its last 4 digits. */
export const invitationSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    accountName: { type: 'string' },
    accountLast4: { type: 'string', pattern: '^\\d{4}$' },
    currency: { type: 'string' },
    role,
    dailyLimit: nullableMoney,
    inviterName: { type: 'string', description: 'First name and last initial' },
    invitedAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'accountName', 'accountLast4', 'currency', 'role', 'dailyLimit', 'inviterName', 'invitedAt'],
  additionalProperties: false,
};

/** The invitation just sent: the invitee named as a same-bank payee is. */
export const sentInvitationSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string', description: "The invitee's first name and last initial" },
    role,
    status: { type: 'string', enum: ['invited'] },
    dailyLimit: nullableMoney,
    invitedAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'name', 'role', 'status', 'dailyLimit', 'invitedAt'],
  additionalProperties: false,
};
