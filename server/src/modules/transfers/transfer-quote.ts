import { accountCurrencyOf } from '../user';
import type { EntityManager } from 'typeorm';
import { LOCAL_FEE, convertMinor, internationalFeeMinor, minorToDecimal, parseAmountToMinor, type TransferSummaryDto } from '@strongroom/shared';
import { internalAccountId, type PostingInput } from '../ledger';
import { getRate } from '../fx';

export type PaymentKind = 'same' | 'local' | 'international';

export interface Quote {
  accountCurrency: string;
  payCurrency: string;
  paymentMinor: bigint;
  debitMinor: bigint;
  feeMinor: bigint;
  rate: string;
}

/**
 * Fee, rate and totals for a payment, computed here and shown before the customer confirms (docs/decisions/0004-fees.md).
 * `sourceCurrency`: the currency of the account it leaves, when the payment names one; else the primary account's.
 */
export async function quote(m: EntityManager, customerId: string, kind: PaymentKind, amount: string | number, paymentCurrency?: string, sourceCurrency?: string): Promise<Quote> {
  const accountCurrency = sourceCurrency ?? (await accountCurrencyOf(m, customerId)) ?? 'USD';
  const payCurrency = kind === 'international' ? (paymentCurrency ?? accountCurrency) : accountCurrency;
  const paymentMinor = parseAmountToMinor(amount, payCurrency);
  const rate = await getRate(m, payCurrency, accountCurrency);
  const debitMinor = payCurrency === accountCurrency ? paymentMinor : convertMinor(paymentMinor, payCurrency, accountCurrency, rate);
  const feeMinor = kind === 'same' ? 0n : kind === 'local' ? parseAmountToMinor(LOCAL_FEE, accountCurrency) : internationalFeeMinor(debitMinor, accountCurrency);
  return { accountCurrency, payCurrency, paymentMinor, debitMinor, feeMinor, rate };
}

/** What the customer confirms; `executeOn` for a transfer dated in the future. */
export function summaryOf(q: Quote, recipientName: string, executeOn?: string | null, repeat?: TransferSummaryDto['repeat']): TransferSummaryDto {
  return {
    amount: minorToDecimal(q.debitMinor, q.accountCurrency),
    fee: minorToDecimal(q.feeMinor, q.accountCurrency),
    total: minorToDecimal(q.debitMinor + q.feeMinor, q.accountCurrency),
    currency: q.accountCurrency,
    recipientName,
    ...(q.payCurrency !== q.accountCurrency ? { rate: q.rate, convertedAmount: minorToDecimal(q.paymentMinor, q.payCurrency), paymentCurrency: q.payCurrency } : {}),
    ...(executeOn ? { executeOn } : {}),
    ...(repeat ? { repeat } : {}),
  };
}

/**
 * The legs that deliver `amountMinor` of `from` into `toAccount` (held in `to`): one credit, or, across
 * currencies, through the FX position accounts at the table rate (two balanced per-currency legs).
 */
export async function deliveryLegs(m: EntityManager, amountMinor: bigint, from: string, toAccount: string, to: string): Promise<{ postings: PostingInput[]; creditMinor: bigint; rate: string }> {
  if (from === to) return { postings: [{ accountId: toAccount, amountMinor, currency: to }], creditMinor: amountMinor, rate: '1' };
  const rate = await getRate(m, from, to);
  const creditMinor = convertMinor(amountMinor, from, to, rate);
  return {
    rate,
    creditMinor,
    postings: [
      { accountId: await internalAccountId(m, 'fx_position', from), amountMinor, currency: from },
      { accountId: await internalAccountId(m, 'fx_position', to), amountMinor: -creditMinor, currency: to },
      { accountId: toAccount, amountMinor: creditMinor, currency: to },
    ],
  };
}

export const CHANNEL_ONLINE = 'Online banking';
/** Movements the bank makes itself (settlement returns, incoming payments posted by staff). */
export const CHANNEL_BANK = 'Strongroom';

/** Where the request came from, honestly: the client's address (no invented geography). */
export const locationOf = (ip: string | null | undefined) => (ip ? `IP ${ip}` : null);
