import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { addMonthsIso, buildSchedule, formatMoney, parseRatePercent, type LoanStatus } from '@strongroom/shared';
import { internalAccountId, newReference, postJournal } from '../ledger';
import { ledgerAccountOf } from '../accounts';
import type { DecisionContext, ReviewItem, ReviewKind } from '../review';
import { insertInstalments, lockLoan, setDisbursement, setLoanStatus, type LoanRow } from './loans.queries';

export const LOAN_SUBJECT = 'loan';
export const CHANNEL_STAFF = 'Staff console';

export interface LoanItem extends ReviewItem {
  loan: LoanRow;
  /** Set by approve for the customer's e-mail. */
  firstDueDate?: string;
}

export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Pays the loan out: loans receivable (the bank's claim on the customer) against the loan's account (loans.account_id,
 * docs/decisions/0062-accounts.md), whose owner's row the credit is.
 */
async function disburse(m: EntityManager, loan: LoanRow): Promise<string> {
  const amountMinor = BigInt(loan.amount_minor);
  const { ledger_account_id: accountId, customer_id: owner } = await ledgerAccountOf(m, loan.account_id);
  const reference = newReference();
  const posted = await postJournal(
    m,
    {
      kind: 'loan_disbursement',
      reference,
      description: `Loan ${loan.id} disbursed`,
      postings: [
        { accountId: await internalAccountId(m, 'loans_receivable', loan.currency), amountMinor: -amountMinor, currency: loan.currency },
        { accountId, amountMinor, currency: loan.currency },
      ],
      metadata: { loanId: loan.id },
    },
    {
      entries: [
        {
          reference,
          customerId: owner,
          accountId,
          type: 'credit',
          kind: 'loan_disbursement',
          status: 'success',
          description: `${loan.loan_type.charAt(0).toUpperCase()}${loan.loan_type.slice(1)} loan disbursement`,
          category: 'Loan',
          amountMinor,
          currency: loan.currency,
          recipient: null,
          counterparty: null,
          channel: CHANNEL_STAFF,
          location: null,
          memo: null,
          metadata: { loanId: loan.id },
        },
      ],
    },
  );
  return posted.entries[0].id;
}

/** How loans sit on the staff review queue (docs/adding-a-product.md walks through this file). */
export const loanReviewKind = (app: FastifyInstance): ReviewKind<LoanItem> => ({
  subjectType: LOAN_SUBJECT,
  noun: 'loan',
  pendingStatuses: ['pending', 'under_review'],
  approvedStatus: 'approved',
  rejectedStatus: 'rejected',

  async load(m, id) {
    const loan = await lockLoan(m, id);
    if (!loan) return null;
    return { id: loan.id, status: loan.status, customerId: loan.customer_id, creditMinor: BigInt(loan.amount_minor), currency: loan.currency, loan };
  },

  async approve(m, item, ctx: DecisionContext) {
    const transactionId = await disburse(m, item.loan);
    await setDisbursement(m, item.id, transactionId);
    const schedule = buildSchedule(BigInt(item.loan.amount_minor), parseRatePercent(item.loan.annual_rate), item.loan.term_months, isoDate(ctx.now));
    await insertInstalments(m, item.id, schedule);
    item.firstDueDate = schedule[0]?.dueDate ?? addMonthsIso(isoDate(ctx.now), 1);
  },

  async reject() {
    // Nothing was paid out before the decision, so nothing moves back.
  },

  async setStatus(m, item, status, reason) {
    await setLoanStatus(m, item.id, status as LoanStatus, reason, app.clock.now());
  },

  notice(item, decision, reason) {
    const { loan } = item;
    if (decision === 'reject') return { template: 'loanRejected', data: { reason: reason ?? '' }, always: true };
    return {
      template: 'loanApproved',
      data: {
        amount: formatMoney(BigInt(loan.amount_minor), loan.currency),
        monthlyPayment: formatMoney(BigInt(loan.monthly_payment_minor), loan.currency),
        termMonths: loan.term_months,
        firstDueDate: item.firstDueDate ?? '',
      },
      always: true,
    };
  },

  message(decision) {
    return decision === 'approve' ? 'Loan approved and paid out' : 'Loan application rejected';
  },
});
