import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { formatMoney } from '@strongroom/shared';
import { SYSTEM_ACTOR, type Actor } from '../../common/actor';
import { AppError } from '../../common/app-error';
import { withTransaction } from '../../db/transaction';
import { internalAccountId, newReference, postJournal, type PostingInput, type TransactionRow } from '../ledger';
import { enqueueMail } from '../mail';
import { ledgerAccountOf } from '../accounts';
import { recordStatusEvent } from '../review';
import { dueInstalmentIds, findLoan, lockInstalment, loanCustomer, markInstalmentMissed, markInstalmentPaid, type InstalmentRow, type LoanRow } from './loans.queries';
import { isoDate } from './loans.review';

export const INSTALMENT_SUBJECT = 'loan_instalment';
export const COLLECT_TASK = 'collect_loan_instalments';
const CHANNEL_COLLECTION = 'Loan collection';
const CHANNEL_ONLINE = 'Online banking';

export const instalmentMinor = (i: InstalmentRow) => BigInt(i.principal_minor) + BigInt(i.interest_minor);

/**
 * Books one instalment: the loan's account (loans.account_id, docs/decisions/0062-accounts.md) pays the principal
 * back to loans receivable and the interest to interest income, each its own posting line of one balanced journal,
 * with the debit row on that account (its owner's row). Refuses (insufficient funds) without booking anything when
 * the account cannot pay it.
 */
export async function bookRepayment(m: EntityManager, loan: LoanRow, instalment: InstalmentRow, early: boolean): Promise<TransactionRow> {
  const { ledger_account_id: accountId, customer_id: owner } = await ledgerAccountOf(m, loan.account_id);
  const amountMinor = instalmentMinor(instalment);
  const principalMinor = BigInt(instalment.principal_minor);
  const interestMinor = BigInt(instalment.interest_minor);
  const postings: PostingInput[] = [{ accountId, amountMinor: -amountMinor, currency: loan.currency }];
  if (principalMinor > 0n) postings.push({ accountId: await internalAccountId(m, 'loans_receivable', loan.currency), amountMinor: principalMinor, currency: loan.currency });
  if (interestMinor > 0n) postings.push({ accountId: await internalAccountId(m, 'interest_income', loan.currency), amountMinor: interestMinor, currency: loan.currency });
  const reference = newReference();
  const metadata = { loanId: loan.id, instalment: instalment.number, principal: instalment.principal_minor, interest: instalment.interest_minor };
  const posted = await postJournal(
    m,
    { kind: 'loan_repayment', reference, description: `Loan ${loan.id} instalment ${instalment.number}`, postings, metadata },
    {
      entries: [
        {
          reference,
          customerId: owner,
          accountId,
          type: 'debit',
          kind: 'loan_repayment',
          status: 'success',
          description: `Loan repayment ${instalment.number} of ${loan.term_months}${early ? ' (paid early)' : ''}`,
          category: 'Loan',
          amountMinor,
          currency: loan.currency,
          recipient: 'Strongroom Loans',
          counterparty: null,
          channel: early ? CHANNEL_ONLINE : CHANNEL_COLLECTION,
          location: null,
          memo: null,
          metadata,
        },
      ],
    },
  );
  return posted.entries[0];
}

/** Marks the instalment paid by `transaction` and records the change in its history. */
export async function settleInstalment(m: EntityManager, instalment: InstalmentRow, transaction: TransactionRow, actor: Actor, now: Date, reason: string): Promise<void> {
  await markInstalmentPaid(m, instalment.id, transaction.id, now);
  await recordStatusEvent(m, { subjectType: INSTALMENT_SUBJECT, subjectId: instalment.id, from: instalment.status, to: 'paid', actor, reason });
}

const isInsufficientFunds = (err: unknown) => err instanceof AppError && err.message === 'Insufficient funds';

type Outcome = 'paid' | 'missed' | 'skipped';

/**
 * One collection attempt in its own transaction. The booking runs under a savepoint, so a refusal leaves the
 * transaction usable to record the miss: the first miss is a status event and an e-mail; later daily retries
 * only count the attempt.
 */
export async function collectInstalment(app: FastifyInstance, instalmentId: string): Promise<Outcome> {
  return withTransaction(app.db, async (m) => {
    const instalment = await lockInstalment(m, instalmentId);
    if (!instalment || instalment.status === 'paid') return 'skipped';
    const loan = (await findLoan(m, instalment.loan_id))!;
    const customer = (await loanCustomer(m, loan.customer_id))!;
    const now = app.clock.now();
    await m.query('SAVEPOINT collect_instalment');
    try {
      const transaction = await bookRepayment(m, loan, instalment, false);
      await m.query('RELEASE SAVEPOINT collect_instalment');
      await settleInstalment(m, instalment, transaction, SYSTEM_ACTOR, now, `Instalment ${instalment.number} of ${loan.term_months} collected`);
      return 'paid';
    } catch (err) {
      if (!isInsufficientFunds(err)) throw err;
      await m.query('ROLLBACK TO SAVEPOINT collect_instalment');
    }
    await markInstalmentMissed(m, instalment.id, now);
    if (instalment.status === 'due') {
      const reason = `Instalment ${instalment.number} of ${loan.term_months} could not be collected: not enough money in the account. We retry daily.`;
      await recordStatusEvent(m, { subjectType: INSTALMENT_SUBJECT, subjectId: instalment.id, from: 'due', to: 'missed', actor: SYSTEM_ACTOR, reason });
      await enqueueMail(app, m, {
        to: customer.email,
        template: 'loanInstalmentMissed',
        data: {
          firstName: customer.first_name,
          number: instalment.number,
          termMonths: loan.term_months,
          amount: formatMoney(instalmentMinor(instalment), loan.currency),
          dueDate: instalment.due_date,
        },
        customerId: customer.id,
      });
    }
    return 'missed';
  });
}

/** The daily run: every unpaid instalment due by today (the app's clock), oldest first, each on its own. */
export async function collectDueInstalments(app: FastifyInstance): Promise<Record<Outcome, number>> {
  const counts: Record<Outcome, number> = { paid: 0, missed: 0, skipped: 0 };
  for (const id of await dueInstalmentIds(app.db, isoDate(app.clock.now()))) counts[await collectInstalment(app, id)] += 1;
  return counts;
}

/** Collections run every morning; a missed instalment is simply due again the next day. */
export function defineLoanJobs(app: FastifyInstance): void {
  app.jobs.define(COLLECT_TASK, async () => {
    const counts = await collectDueInstalments(app);
    app.log.info({ component: 'loans', ...counts }, 'loan instalments collected');
  });
  app.jobs.cron(`0 6 * * * ${COLLECT_TASK}`);
}
