import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { loanFiguresMinor, loanRateFor, parseAmountToMinor, parseRatePercent, ssnDigits, type LoanAdminDto, type LoanApplicationInput, type LoanDto, type TimelineEntryDto } from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { sealText } from '../../common/crypto';
import { withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit';
import { decide, type Decision, type DecisionResult, type ReviewKind, firstApprover, recordStatusEvent, timelines } from '../review';
import { TransactionPin } from '../pin';
import { toTransactionDto } from '../transactions';
import type { IdempotentResult } from '../../plugins/idempotency.plugin';
import { toInstalmentDto, toLoanAdminDto, toLoanDto } from './loans.dto';
import { INSTALMENT_SUBJECT, bookRepayment, instalmentMinor, settleInstalment } from './loans.jobs';
import { insufficientFunds } from '../ledger';
import { resolveAccount } from '../accounts';
import * as queries from './loans.queries';
import { LOAN_SUBJECT, loanReviewKind, type LoanItem } from './loans.review';
import * as errors from './loans.errors';

/** The context the sealed SSN is bound to: it opens only as a loan applicant's SSN. */
export const SSN_CONTEXT = 'loan-ssn';

export class LoansService {
  private readonly kind: ReviewKind<LoanItem>;
  private readonly pin: TransactionPin;

  constructor(private readonly app: FastifyInstance) {
    this.kind = loanReviewKind(app);
    this.pin = new TransactionPin(app);
  }

  /**
   * A new application, pending review, on `accountId` (the caller's primary account when none is named), which only
   * its owner or a joint holder may borrow on (account-roles.ts). The amount is in that account's currency; the rate
   * comes from the loan type, and the payment from the shared calculator, so the customer is held to what the page showed.
   */
  async apply(customerId: string, input: LoanApplicationInput & { accountId?: string }, actor: Actor): Promise<LoanDto> {
    return withTransaction(this.app.db, async (m) => {
      const customer = await queries.loanCustomer(m, customerId);
      if (!customer) throw errors.accountMissing();
      const account = await resolveAccount(m, customerId, input.accountId, 'borrow');
      const currency = account.currency;
      const amountMinor = parseAmountToMinor(input.loanAmount as string | number, currency);
      const annualRate = loanRateFor(input.loanType);
      const figures = loanFiguresMinor(amountMinor, parseRatePercent(annualRate), input.termLength);
      const digits = ssnDigits(input.ssn);
      const money = (value: unknown) => parseAmountToMinor(value as string | number, currency);
      const loan = await queries.insertLoan(m, {
        customerId,
        accountId: account.id,
        loanType: input.loanType,
        loanPurpose: input.loanPurpose,
        amountMinor,
        currency,
        annualRate,
        termMonths: input.termLength,
        monthlyPaymentMinor: figures.monthlyPaymentMinor,
        totalInterestMinor: figures.totalInterestMinor,
        applicant: {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email.toLowerCase(),
          phone: input.phone,
          dateOfBirth: input.dateOfBirth,
          address: input.address,
          city: input.city,
          state: input.state,
          zipCode: input.zipCode,
          employmentStatus: input.employmentStatus,
          employerName: input.employerName,
          jobTitle: input.jobTitle,
          annualIncomeMinor: money(input.annualIncome),
          monthlyRentMinor: money(input.monthlyRent),
          downPaymentMinor: money(input.downPayment),
        },
        ssnSealed: sealText(this.app.config.keys.dataEncryption, digits, SSN_CONTEXT),
        ssnLast4: digits.slice(-4),
      });
      await recordStatusEvent(m, { subjectType: LOAN_SUBJECT, subjectId: loan.id, from: null, to: 'pending', actor });
      return this.withDetails(m, loan);
    });
  }

  /** A customer's loans with schedule and history: their own, or anyone's for staff; another customer's is a 404. */
  async listForUser(viewer: Actor, userId: string): Promise<LoanDto[]> {
    if (viewer.type !== 'staff' && viewer.id !== userId) throw errors.customerNotFound();
    const loans = await queries.loansOfCustomer(this.app.db, userId);
    const schedules = await queries.instalmentsOf(
      this.app.db,
      loans.map((l) => l.id),
    );
    const histories = await this.histories(
      loans.map((l) => l.id),
      schedules,
    );
    return loans.map((l) => toLoanDto(l, schedules.get(l.id) ?? [], histories.get(l.id) ?? []));
  }

  async listForStaff(query: queries.LoanListQuery): Promise<{ items: LoanAdminDto[]; total: number }> {
    const { items, total } = await queries.listLoans(this.app.db, query);
    const schedules = await queries.instalmentsOf(
      this.app.db,
      items.map((l) => l.id),
    );
    return { items: items.map((l) => toLoanAdminDto(l, schedules.get(l.id) ?? [], [], null)), total };
  }

  async showForStaff(id: string): Promise<LoanAdminDto> {
    const loan = await queries.findLoanWithHolder(this.app.db, id);
    if (!loan) throw errors.loanNotFound();
    const schedules = await queries.instalmentsOf(this.app.db, [id]);
    const histories = await this.histories([id], schedules);
    const first = loan.status === 'awaiting_second_approval' ? await firstApprover(this.app.db, LOAN_SUBJECT, id) : null;
    return toLoanAdminDto(loan, schedules.get(id) ?? [], histories.get(id) ?? [], first ? { by: first.email, at: first.at } : null);
  }

  /** Staff take a pending application into review; doing it twice answers the same. */
  async startReview(id: string, actor: Actor): Promise<{ status: string; message: string }> {
    return withTransaction(this.app.db, async (m) => {
      const loan = await queries.lockLoan(m, id);
      if (!loan) throw errors.loanNotFound();
      if (loan.status === 'under_review') return { status: loan.status, message: 'Loan application is under review' };
      if (loan.status !== 'pending') throw errors.notReviewable(loan.status);
      await queries.setLoanStatus(m, id, 'under_review', null, this.app.clock.now());
      await recordStatusEvent(m, { subjectType: LOAN_SUBJECT, subjectId: id, from: 'pending', to: 'under_review', actor });
      await recordAudit(m, actor, { action: 'loan.review', targetType: LOAN_SUBJECT, targetId: id });
      return { status: 'under_review', message: 'Loan application is under review' };
    });
  }

  /** Approve (pays out and sets the schedule) or reject, through the review queue's one decision function. */
  decide(id: string, decision: Decision, actor: Actor, reason?: string): Promise<DecisionResult> {
    return decide(this.app, this.kind, { id, decision, actor, reason });
  }

  /**
   * The customer pays the next unpaid instalment now, approved with their PIN, in the Idempotency-Key's
   * transaction `m`: the same booking as a collection, from the loan's account, which they must still hold as its
   * owner or a joint holder.
   */
  async payNext(m: EntityManager, customerId: string, loanId: string, pin: string, actor: Actor): Promise<IdempotentResult<unknown>> {
    const loan = await queries.lockLoan(m, loanId);
    if (!loan || loan.customer_id !== customerId) throw errors.loanNotFound();
    if (loan.status !== 'approved') throw errors.notRepaying();
    const instalment = await queries.lockNextOpenInstalment(m, loanId);
    if (!instalment) throw errors.nothingToPay();
    const account = await resolveAccount(m, customerId, loan.account_id, 'borrow');
    // Funds before the PIN: a payment that cannot go costs no PIN attempt.
    if (BigInt(account.balance_minor) < instalmentMinor(instalment)) throw insufficientFunds();
    await this.pin.checkFor(customerId, pin);
    const transaction = await bookRepayment(m, loan, instalment, true);
    const now = this.app.clock.now();
    await settleInstalment(m, instalment, transaction, actor, now, `Instalment ${instalment.number} of ${loan.term_months} paid early`);
    const paid = { ...instalment, status: 'paid' as const, paid_at: now, transaction_id: transaction.id, attempts: instalment.attempts + 1 };
    return {
      status: 200,
      body: {
        success: true,
        message: `Instalment ${instalment.number} of ${loan.term_months} paid`,
        instalment: toInstalmentDto(paid, loan.currency),
        transaction: toTransactionDto(transaction),
      },
    };
  }

  private async withDetails(m: EntityManager, loan: queries.LoanRow): Promise<LoanDto> {
    const schedules = await queries.instalmentsOf(m, [loan.id]);
    const histories = await this.histories([loan.id], schedules, m);
    return toLoanDto(loan, schedules.get(loan.id) ?? [], histories.get(loan.id) ?? []);
  }

  /** Each loan's history with its instalments' (missed, paid) folded in, oldest first. */
  private async histories(loanIds: string[], schedules: Map<string, queries.InstalmentRow[]>, db: EntityManager = this.app.db.manager): Promise<Map<string, TimelineEntryDto[]>> {
    const loanEvents = await timelines(db, LOAN_SUBJECT, loanIds);
    const instalmentIds = [...schedules.values()].flat().map((i) => i.id);
    const instalmentEvents = await timelines(db, INSTALMENT_SUBJECT, instalmentIds);
    const result = new Map<string, TimelineEntryDto[]>();
    for (const loanId of loanIds) {
      const own = loanEvents.get(loanId) ?? [];
      const fromInstalments = (schedules.get(loanId) ?? []).flatMap((i) => instalmentEvents.get(i.id) ?? []);
      result.set(
        loanId,
        [...own, ...fromInstalments].sort((a, b) => a.at.localeCompare(b.at)),
      );
    }
    return result;
  }
}
