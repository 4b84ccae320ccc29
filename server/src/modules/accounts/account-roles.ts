import type { AccountProduct, AccountStatus, HolderRole } from './accounts.queries';

/**
 * What each holder of an account may do with it (docs/decisions/0062-accounts.md). A joint holder acts as the owner
 * (but cannot remove the owner, who is not a holder row); a dependant sees the account and pays from it within the
 * daily limit the owner set, and nothing more.
 */
export const CAPABILITIES = ['view', 'pay', 'receive', 'payAbroad', 'manage', 'borrow'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Readonly<Record<HolderRole, readonly Capability[]>> = {
  owner: CAPABILITIES,
  joint: CAPABILITIES,
  dependant: ['view', 'pay', 'receive'],
};

/** Capabilities that move money or change the account need it open; seeing it does not. */
const NEEDS_ACTIVE: Readonly<Record<Capability, readonly AccountStatus[] | null>> = {
  view: null,
  pay: ['active'],
  receive: ['active', 'frozen'],
  payAbroad: ['active'],
  manage: ['active', 'frozen', 'pending'],
  borrow: ['active'],
};

/** Why a holder of this role may not: the message the customer reads. */
const REFUSALS: Readonly<Record<Capability, string>> = {
  view: 'You do not hold this account',
  pay: 'You cannot pay from this account',
  receive: 'You cannot pay into this account',
  payAbroad: 'International payments cannot be sent from an account you hold as a family member',
  manage: 'Only the account owner or a joint holder can change this account',
  borrow: 'Loans and cards can be taken only by the account owner or a joint holder',
};

const STATUS_REFUSALS: Readonly<Record<AccountStatus, string>> = {
  pending: 'This account is waiting for approval',
  awaiting_second_approval: 'This account is waiting for approval',
  rejected: 'This account was not opened',
  active: '',
  frozen: 'This account is frozen: money cannot leave it. Please contact us',
  closed: 'This account is closed',
};

export function roleMay(role: HolderRole, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}

/** The customer-facing reason this role and status refuse the capability, or null when they allow it. */
export function refusalFor(role: HolderRole, status: AccountStatus, capability: Capability): string | null {
  if (!roleMay(role, capability)) return REFUSALS[capability];
  const allowed = NEEDS_ACTIVE[capability];
  if (allowed !== null && !allowed.includes(status)) return STATUS_REFUSALS[status] || REFUSALS[capability];
  return null;
}

/** What a term deposit's account refuses whoever holds it: it is paid into once and paid out by the deposits module. */
const TERM_DEPOSIT_REFUSES: readonly Capability[] = ['pay', 'receive', 'payAbroad', 'borrow'];
export const TERM_DEPOSIT_REFUSAL = 'Money leaves a term deposit only at maturity or by early withdrawal, and nothing else is paid into it';

/** The reason the account's product refuses the capability, or null (docs/decisions/0063-interest.md). */
export function productRefusal(product: AccountProduct, capability: Capability): string | null {
  return product === 'fixed_deposit' && TERM_DEPOSIT_REFUSES.includes(capability) ? TERM_DEPOSIT_REFUSAL : null;
}
