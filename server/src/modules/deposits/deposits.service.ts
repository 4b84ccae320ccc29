import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { MAX_OPEN_ACCOUNTS, addMonthsIso, depositAccountName, formatMoney, minorToDecimal, parseAmountToMinor } from '@strongroom/shared';
import { AppError } from '../../common/app-error';
import type { Actor } from '../../common/actor';
import type { Queryable } from '../../common/sql';
import { businessDateOf } from '../../common/business-date';
import { ACCOUNT_SUBJECT, openFurtherAccount, refusalFor, resolveAccount, type HeldAccountRow } from '../accounts';
import { assertCustomerNotFrozen } from '../freeze';
import { creditReferenceOf, insufficientFunds, newReference, postJournal } from '../ledger';
import type { TransactionPin } from '../pin';
import { recordStatusEvent } from '../review';
import { toTransactionDto } from '../transactions';
import type { IdempotentResult } from '../../plugins/idempotency.plugin';
import { payOut } from './deposit-payout';
import { accruedWholeMinor, rateText, toDepositDto } from './deposit-views';
import * as queries from './deposits.queries';

/** Products a deposit may be funded from: current and savings accounts (docs/decisions/0063-interest.md). */
const FUNDING_PRODUCTS = ['checking', 'savings'];

export const depositNotFound = () => new AppError(404, 'Term deposit not found');
const depositEnded = () => new AppError(409, 'This term deposit has ended', undefined, 'deposit_ended');

export const bankToday = (app: FastifyInstance) => businessDateOf(app.clock.now(), app.config.bankTimeZone);

export interface QuoteInput {
  sourceAccountId: string;
  amount: string | number;
  termMonths: number;
}

/** What a deposit would be, judged as opening judges it (source, minimum, rate in force): everything but the PIN. */
async function judgeOpening(app: FastifyInstance, db: Queryable, customerId: string, input: QuoteInput, lock: boolean) {
  const source = await resolveAccount(db, customerId, input.sourceAccountId, 'pay', lock);
  if (source.role === 'dependant') {
    const message = 'Only the account owner or a joint holder can open a term deposit from this account';
    throw new AppError(403, message, { sourceAccountId: message }, 'account_refused');
  }
  if (!FUNDING_PRODUCTS.includes(source.product)) {
    const message = 'A term deposit is funded from a current or savings account';
    throw new AppError(409, message, { sourceAccountId: message }, 'deposit_source');
  }
  const startDate = bankToday(app);
  const figures = await queries.termFigures(db, input.termMonths, startDate);
  if (figures.rate_percent === null) throw new AppError(409, `No rate is offered for ${input.termMonths} months today`, { termMonths: 'Choose another term' }, 'no_rate');
  const principalMinor = parseAmountToMinor(input.amount, source.currency);
  const minimumMinor = BigInt(figures.minimum_opening_minor);
  if (principalMinor < minimumMinor) {
    const message = `A term deposit is at least ${formatMoney(minorToDecimal(minimumMinor, source.currency), source.currency)}`;
    throw new AppError(400, message, { amount: message });
  }
  const maturityDate = addMonthsIso(startDate, input.termMonths);
  const interestMinor = await queries.termInterestMinor(db, principalMinor, figures.rate_percent, startDate, maturityDate, figures.days_in_year);
  return { source, principalMinor, ratePercent: figures.rate_percent, startDate, maturityDate, interestMinor };
}

type Opening = Awaited<ReturnType<typeof judgeOpening>>;

function quoteBody(o: Opening, termMonths: number) {
  const money = (minor: bigint) => minorToDecimal(minor, o.source.currency);
  return {
    sourceAccountId: o.source.id,
    currency: o.source.currency,
    principal: money(o.principalMinor),
    termMonths,
    rate: rateText(o.ratePercent),
    startDate: o.startDate,
    maturityDate: o.maturityDate,
    expectedInterest: money(o.interestMinor),
    totalAtMaturity: money(o.principalMinor + o.interestMinor),
  };
}

export async function quoteDeposit(app: FastifyInstance, customerId: string, input: QuoteInput) {
  const opening = await judgeOpening(app, app.db.manager, customerId, input, false);
  return quoteBody(opening, input.termMonths);
}

/**
 * Opens a term deposit in `m` (the Idempotency-Key's transaction): the source account locked and judged, the PIN
 * checked last (a refusal for another reason costs no attempt), then the deposit's own account, its row with the rate
 * locked, and one journal moving the principal into it.
 */
export async function openDeposit(
  app: FastifyInstance,
  pin: TransactionPin,
  m: EntityManager,
  customerId: string,
  input: QuoteInput & { pin: string },
  actor: Actor,
): Promise<IdempotentResult<unknown>> {
  const o = await judgeOpening(app, m, customerId, input, true);
  await assertCustomerNotFrozen(m, customerId);
  if (o.source.customer_id !== customerId) await assertCustomerNotFrozen(m, o.source.customer_id);
  if (BigInt(o.source.balance_minor) < o.principalMinor) throw insufficientFunds();
  if ((await queries.lockedOpenAccountCount(m, customerId)) >= MAX_OPEN_ACCOUNTS) {
    throw new AppError(409, `You can have at most ${MAX_OPEN_ACCOUNTS} open accounts, term deposits included. Close one you no longer use first.`, undefined, 'too_many_accounts');
  }
  await pin.checkFor(customerId, input.pin);

  const name = depositAccountName(input.termMonths);
  const accountId = await openFurtherAccount(m, { customerId, product: 'fixed_deposit', currency: o.source.currency, name, status: 'active' });
  await recordStatusEvent(m, { subjectType: ACCOUNT_SUBJECT, subjectId: accountId, from: null, to: 'active', actor, reason: 'Term deposit opened' });
  await queries.insertDeposit(m, {
    accountId,
    sourceAccountId: o.source.id,
    principalMinor: o.principalMinor,
    termMonths: input.termMonths,
    ratePercent: o.ratePercent,
    startDate: o.startDate,
    maturityDate: o.maturityDate,
  });
  const deposit = (await queries.depositById(m, accountId))!;
  const posted = await bookOpening(m, o.source, deposit, o.principalMinor);
  const debit = posted.entries.find((entry) => entry.reference === posted.reference)!;
  return { status: 201, body: { success: true, message: 'Term deposit opened', deposit: toDepositDto(deposit), transaction: toTransactionDto(debit) } };
}

/** The principal from the source account into the deposit's: one journal, a row in each account's history. */
function bookOpening(m: EntityManager, source: HeldAccountRow, deposit: queries.DepositRow, amountMinor: bigint) {
  const reference = newReference();
  const currency = source.currency;
  const metadata = { fromAccountId: source.id, depositAccountId: deposit.account_id, termMonths: deposit.term_months, ratePercent: deposit.rate_percent };
  const shared = { kind: 'term_deposit', status: 'success', category: 'Savings', amountMinor, currency, channel: 'Online banking', memo: null, metadata } as const;
  return postJournal(
    m,
    {
      kind: 'term_deposit',
      reference,
      description: `Term deposit ${deposit.number} opened from ${source.number}`,
      postings: [
        { accountId: source.ledger_account_id, amountMinor: -amountMinor, currency },
        { accountId: deposit.ledger_account_id, amountMinor, currency },
      ],
      metadata,
    },
    {
      entries: [
        {
          ...shared,
          reference,
          customerId: source.customer_id,
          accountId: source.ledger_account_id,
          type: 'debit',
          description: `To ${deposit.name}`,
          recipient: deposit.name,
          counterparty: deposit.number,
        },
        {
          ...shared,
          reference: creditReferenceOf(reference),
          customerId: deposit.customer_id,
          accountId: deposit.ledger_account_id,
          type: 'credit',
          description: `${deposit.name} opened from ${source.name}`,
          recipient: source.name,
          counterparty: source.number,
        },
      ],
    },
  );
}

export async function listDeposits(db: Queryable, customerId: string) {
  return (await queries.depositsHeldBy(db, customerId)).map(toDepositDto);
}

/**
 * A deposit the caller holds, or 404 (a stranger's, or an account that is no deposit). `manage` (renewal, early
 * withdrawal) needs it active and the caller its owner or a joint holder.
 */
async function heldDeposit(db: Queryable, customerId: string, accountId: string, capability: 'view' | 'manage', lock = false) {
  const account = await resolveAccount(db, customerId, accountId, 'view').catch((err: unknown) => {
    if (err instanceof AppError && err.statusCode === 404) throw depositNotFound();
    throw err;
  });
  const deposit = await queries.depositById(db, account.id, lock);
  if (!deposit) throw depositNotFound();
  if (capability === 'manage') {
    if (deposit.status !== 'active') throw depositEnded();
    const refusal = refusalFor(account.role, account.status, 'manage');
    if (refusal !== null) throw new AppError(403, refusal, undefined, 'account_refused');
  }
  return { account, deposit };
}

export async function getDeposit(db: Queryable, customerId: string, accountId: string) {
  const { account, deposit } = await heldDeposit(db, customerId, accountId, 'view');
  return toDepositDto({ ...deposit, role: account.role });
}

/** The renewal choice, until maturity, by the owner or a joint holder. */
export async function setRenewal(m: EntityManager, customerId: string, accountId: string, renew: boolean) {
  const { account, deposit } = await heldDeposit(m, customerId, accountId, 'manage', true);
  await queries.setRenewal(m, accountId, renew);
  return toDepositDto({ ...deposit, renew, role: account.role });
}

/** An early withdrawal's figures, in whole minor units as shown and booked: the forfeit is what accrued and is not paid. */
async function withdrawalOf(db: Queryable, deposit: queries.DepositRow) {
  const f = await queries.withdrawalFigures(db, deposit.account_id);
  const accruedMinor = accruedWholeMinor(f.accrued_minor);
  const interestMinor = BigInt(f.interest_minor);
  return { principalMinor: BigInt(deposit.balance_minor), accruedMinor, interestMinor, forfeitMinor: accruedMinor - interestMinor, forfeitExact: f.forfeit_exact_minor };
}

function withdrawalBody(deposit: queries.DepositRow, w: Awaited<ReturnType<typeof withdrawalOf>>) {
  const money = (minor: bigint) => minorToDecimal(minor, deposit.currency);
  return {
    currency: deposit.currency,
    principal: money(w.principalMinor),
    accruedInterest: money(w.accruedMinor),
    forfeit: money(w.forfeitMinor),
    forfeitDays: deposit.forfeit_days,
    interest: money(w.interestMinor),
    payout: money(w.principalMinor + w.interestMinor),
  };
}

export async function withdrawalQuote(db: Queryable, customerId: string, accountId: string) {
  const { deposit } = await heldDeposit(db, customerId, accountId, 'manage');
  return withdrawalBody(deposit, await withdrawalOf(db, deposit));
}

/**
 * Withdraws a deposit before maturity, in `m` (the Idempotency-Key's transaction), with the deposit's row locked:
 * the accrual ends with the last days' interest forfeited (interest.sql, end_interest_accrual), and the principal and
 * what is left of the interest are paid to the source account.
 */
export async function withdrawDeposit(
  app: FastifyInstance,
  pin: TransactionPin,
  m: EntityManager,
  customerId: string,
  accountId: string,
  pinText: string,
  actor: Actor,
): Promise<IdempotentResult<unknown>> {
  const { deposit } = await heldDeposit(m, customerId, accountId, 'manage', true);
  await assertCustomerNotFrozen(m, customerId);
  const w = await withdrawalOf(m, deposit);
  await pin.checkFor(customerId, pinText);
  const interestMinor = await queries.endAccrual(m, deposit.account_id, w.forfeitExact, false);
  const payout = await payOut(m, deposit, { status: 'withdrawn', interestMinor, forfeitedMinor: w.accruedMinor - interestMinor, actor });
  const ended = (await queries.depositById(m, accountId))!;
  const body = withdrawalBody(deposit, { ...w, interestMinor, forfeitMinor: w.accruedMinor - interestMinor });
  return {
    status: 200,
    body: {
      success: true,
      message: `Term deposit withdrawn: ${formatMoney(body.payout, deposit.currency)} paid to ${payout.to.name}`,
      ...body,
      paidToAccountId: payout.to.id,
      deposit: toDepositDto(ended),
    },
  };
}
