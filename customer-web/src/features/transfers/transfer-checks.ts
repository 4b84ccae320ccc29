import { SUPPORT_LARGE_TRANSFER, parseAmountToMinor } from '@strongroom/shared';

export const INSUFFICIENT_FUNDS = 'Insufficient funds';

/** True when `amount` is more than the balance the app holds; unknown figures never block (the server decides). */
export function exceedsBalance(amount: string, balance: string | undefined, currency: string | undefined): boolean {
  if (!balance || !currency) return false;
  try {
    return parseAmountToMinor(amount, currency) > parseAmountToMinor(balance, currency);
  } catch {
    return false;
  }
}

/** Over the amount for which support asks to be called first. */
export function isLarge(amount: string): boolean {
  try {
    return parseAmountToMinor(amount, 'USD') > parseAmountToMinor(SUPPORT_LARGE_TRANSFER, 'USD');
  } catch {
    return false;
  }
}
