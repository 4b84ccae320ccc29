import * as yup from 'yup';
import { MoneyError, parseAmountToMinor } from '../money';
import { ENTER_AN_AMOUNT, strictObject, text, wireMeta } from './common';

/**
 * Account holders (docs/decisions/0062-accounts.md): the roles an owner or joint holder can invite someone to. A
 * joint holder acts as the owner; a dependant sees the account and pays from it within a daily limit.
 */
export const INVITABLE_HOLDER_ROLES = ['joint', 'dependant'] as const;
export type InvitableHolderRole = (typeof INVITABLE_HOLDER_ROLES)[number];
export const HOLDER_STATUSES = ['invited', 'active', 'declined', 'removed'] as const;
export type HolderStatus = (typeof HOLDER_STATUSES)[number];

export const DAILY_LIMIT_NEGATIVE = 'The daily limit cannot be negative';
export const DAILY_LIMIT_FOR_DEPENDANTS = 'Only a family member (dependant) has a daily limit';
const ENTER_A_LIMIT = 'Enter a daily limit';

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The amount's own checks: a decimal string (or number), not negative, not too large. The form checks it with two
 * decimals; the server checks it again in the account's currency (a JPY account has none).
 */
function limitProblem(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return ENTER_A_LIMIT;
  try {
    parseAmountToMinor(value, 'USD');
    return null;
  } catch (err) {
    if (/^\s*-/.test(String(value))) return DAILY_LIMIT_NEGATIVE;
    return err instanceof MoneyError && /too large|decimal places/.test(err.message) ? err.message : ENTER_AN_AMOUNT;
  }
}

/** A dependant's daily limit: a decimal string, 0 or more (0: they see the account and cannot pay from it). */
export const dailyLimitField = () =>
  yup
    .mixed<string | number>()
    .meta(wireMeta('money', true))
    .defined(ENTER_A_LIMIT)
    .test('daily-limit', ENTER_A_LIMIT, function check(value) {
      if (blank(value)) return this.createError({ message: ENTER_A_LIMIT });
      const problem = limitProblem(value);
      return problem === null || this.createError({ message: problem });
    });

/** The invitation's limit: required for a dependant, refused for a joint holder (who acts as the owner). */
const invitationLimitField = () =>
  yup
    .mixed<string | number>()
    .meta(wireMeta('money', false))
    .test('daily-limit', ENTER_A_LIMIT, function check(value) {
      const role = (this.parent as { role?: unknown } | undefined)?.role;
      if (role === 'joint') return value === undefined || this.createError({ message: DAILY_LIMIT_FOR_DEPENDANTS });
      if (role !== 'dependant') return true; // the role's own message says what is wrong
      if (blank(value)) return this.createError({ message: ENTER_A_LIMIT });
      const problem = limitProblem(value);
      return problem === null || this.createError({ message: problem });
    });

/** POST /accounts/{id}/holders: invite an existing customer, found by one of their account numbers. */
export const holderInvitationSchema = strictObject({
  accountNumber: text()
    .trim()
    .required('Enter the account number of the person you are inviting')
    .matches(/^\d{10}$/, 'Account number must be 10 digits'),
  role: text()
    .required('Choose joint holder or family member')
    .oneOf([...INVITABLE_HOLDER_ROLES], 'Choose joint holder or family member'),
  dailyLimit: invitationLimitField(),
});
export type HolderInvitationInput = yup.InferType<typeof holderInvitationSchema>;

/** PATCH /accounts/{id}/holders/{holderId}: a dependant's new daily limit, effective at once. */
export const holderLimitSchema = strictObject({ dailyLimit: dailyLimitField() });
export type HolderLimitInput = yup.InferType<typeof holderLimitSchema>;
