import { randomInt } from 'node:crypto';
import { AppError, notFound } from '../../common/app-error';
import { randomDigits } from '../../common/crypto';
import type { Queryable } from '../../common/sql';
import { productRefusal, refusalFor, type Capability } from './account-roles';
import { accountById, accountNumberTaken, heldAccount, insertAccount, insertSecondaryLedgerAccount, primaryAccount, type AccountProduct, type HeldAccountRow } from './accounts.queries';

export const accountNotFound = () => notFound('Account not found');

/**
 * The account a request acts on, checked against what the caller may do with it: the one named by `accountId`
 * when the caller holds it with a role that allows `capability`, else the caller's primary account (every route
 * that names no account acts on it, as before customers could hold several). A stranger's account is "not found",
 * never "forbidden": its existence is not the caller's to learn.
 */
export async function resolveAccount(db: Queryable, customerId: string, accountId: string | undefined | null, capability: Capability, lock = false): Promise<HeldAccountRow> {
  const account = accountId ? await heldAccount(db, customerId, accountId, lock) : await primaryAsHeld(db, customerId, lock);
  if (!account) throw accountNotFound();
  const refusal = refusalFor(account.role, account.status, capability);
  if (refusal !== null) throw new AppError(403, refusal, accountId ? { accountId: refusal } : undefined, 'account_refused');
  const byProduct = productRefusal(account.product, capability);
  if (byProduct !== null) throw new AppError(409, byProduct, { accountId: byProduct }, 'term_deposit');
  return account;
}

async function primaryAsHeld(db: Queryable, customerId: string, lock: boolean): Promise<HeldAccountRow | undefined> {
  const primary = await primaryAccount(db, customerId);
  if (!primary) return undefined;
  if (lock) await accountById(db, primary.id, true);
  return { ...primary, role: 'owner', holder_id: null, daily_limit_minor: null, spent_today_minor: null };
}

/** A free 10-digit account number, in the format customers' numbers have always had (no leading zero). */
export async function newAccountNumber(db: Queryable): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const candidate = `${randomInt(1, 10)}${randomDigits(9)}`; // no leading zero: the number survives being read as an integer
    if (!(await accountNumberTaken(db, candidate))) return candidate;
  }
  throw new Error('could not allocate an account number');
}

/**
 * Opens a further account for the customer, with a ledger account of its own: at once (`active`) or waiting for
 * staff review (`pending`, business accounts). `db` is the caller's transaction.
 */
export async function openFurtherAccount(db: Queryable, input: { customerId: string; product: AccountProduct; currency: string; name: string; status: 'active' | 'pending' }): Promise<string> {
  const ledgerAccountId = await insertSecondaryLedgerAccount(db, input.customerId, input.currency);
  return insertAccount(db, { ...input, number: await newAccountNumber(db), ledgerAccountId });
}
