import type { EntityManager } from 'typeorm';
import { formatMoney } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import { chargeDependantAllowance, type HeldAccountRow } from '../accounts';
import * as errors from './transfers.errors';

/**
 * A dependant pays from a shared account within the daily limit its owner set (docs/decisions/0062-accounts.md).
 * Judged early, so that a payment that cannot go costs no PIN attempt, and counted in the booking's own
 * transaction (chargeDependantAllowance), which is what holds under concurrent payments.
 */
export const overAllowance = (limitMinor: bigint, currency: string) => {
  const message = `This payment would take you over the daily limit of ${formatMoney(limitMinor, currency)} set by the account owner`;
  return new AppError(422, message, { amount: message }, 'dependant_limit');
};

type Payer = Pick<HeldAccountRow, 'role' | 'holder_id' | 'daily_limit_minor' | 'spent_today_minor' | 'currency'>;

const limitOf = (account: Payer) => BigInt(account.daily_limit_minor ?? '0');

/** Refuses early a dependant's payment beyond what is left of their limit today (read with the account). */
export function judgeAllowance(account: Payer, amountMinor: bigint): void {
  if (account.role !== 'dependant') return;
  if (BigInt(account.spent_today_minor ?? '0') + amountMinor > limitOf(account)) throw overAllowance(limitOf(account), account.currency);
}

/** A dependant's payment needs their transaction PIN, whatever else authenticates it. */
export function pinOfDependant(account: Payer, pin: string | null | undefined): string | undefined {
  if (account.role !== 'dependant') return undefined;
  if (!pin) throw errors.pinNext();
  return pin;
}

/** Counts a dependant's payment in `m`, the transaction that books it; refused when it would go over today's limit. */
export async function chargeAllowance(m: EntityManager, account: Payer, amountMinor: bigint): Promise<void> {
  if (account.role !== 'dependant') return;
  if (!account.holder_id || !(await chargeDependantAllowance(m, account.holder_id, amountMinor))) throw overAllowance(limitOf(account), account.currency);
}
