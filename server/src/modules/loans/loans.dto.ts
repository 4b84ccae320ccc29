import { minorToDecimal, type LoanAdminDto, type LoanDto, type LoanInstalmentDto, type TimelineEntryDto } from '@strongroom/shared';
import type { InstalmentRow, LoanRow, LoanWithHolderRow } from './loans.queries';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** '6.9900' (numeric(7,4)) as the customer reads a rate: '6.99'. */
export const rateText = (rate: string) => rate.replace(/^(\d+\.\d\d)\d*$/, (_, kept: string) => kept);

export function toInstalmentDto(row: InstalmentRow, currency: string): LoanInstalmentDto {
  const principalMinor = BigInt(row.principal_minor);
  const interestMinor = BigInt(row.interest_minor);
  return {
    id: row.id,
    number: row.number,
    dueDate: row.due_date,
    amount: minorToDecimal(principalMinor + interestMinor, currency),
    principal: minorToDecimal(principalMinor, currency),
    interest: minorToDecimal(interestMinor, currency),
    status: row.status,
    attempts: row.attempts,
    paidAt: iso(row.paid_at),
  };
}

export function toLoanDto(row: LoanRow, schedule: InstalmentRow[], timeline: TimelineEntryDto[]): LoanDto {
  const amountMinor = BigInt(row.amount_minor);
  const totalInterestMinor = BigInt(row.total_interest_minor);
  return {
    id: row.id,
    loanType: row.loan_type,
    loanPurpose: row.loan_purpose,
    loanAmount: minorToDecimal(amountMinor, row.currency),
    currency: row.currency,
    interestRate: rateText(row.annual_rate),
    termLength: row.term_months,
    monthlyPayment: minorToDecimal(row.monthly_payment_minor, row.currency),
    totalInterest: minorToDecimal(totalInterestMinor, row.currency),
    totalAmount: minorToDecimal(amountMinor + totalInterestMinor, row.currency),
    status: row.status,
    statusReason: row.status_reason,
    ssnLast4: row.ssn_last4,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    approvedAt: iso(row.approved_at),
    schedule: schedule.map((i) => toInstalmentDto(i, row.currency)),
    timeline,
  };
}

export function toLoanAdminDto(row: LoanWithHolderRow, schedule: InstalmentRow[], timeline: TimelineEntryDto[], firstApproval: LoanAdminDto['firstApproval']): LoanAdminDto {
  const money = (minor: string) => minorToDecimal(minor, row.currency);
  const open = schedule.filter((i) => i.status !== 'paid');
  const outstandingMinor = open.reduce((sum, i) => sum + BigInt(i.principal_minor) + BigInt(i.interest_minor), 0n);
  return {
    ...toLoanDto(row, schedule, timeline),
    customerId: row.customer_id,
    customerName: row.customer_name,
    accountNumber: row.account_number,
    applicant: {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      dateOfBirth: row.date_of_birth,
      address: row.address,
      city: row.city,
      state: row.state,
      zipCode: row.zip_code,
      employmentStatus: row.employment_status,
      employerName: row.employer_name,
      jobTitle: row.job_title,
      annualIncome: money(row.annual_income_minor),
      monthlyRent: money(row.monthly_rent_minor),
      downPayment: money(row.down_payment_minor),
    },
    collection: {
      paid: schedule.length - open.length,
      missed: open.filter((i) => i.status === 'missed').length,
      due: open.filter((i) => i.status === 'due').length,
      outstanding: minorToDecimal(outstandingMinor, row.currency),
    },
    firstApproval,
    disbursementReference: row.disbursement_reference,
  };
}
