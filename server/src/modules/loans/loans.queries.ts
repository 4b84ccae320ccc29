// Typed SQL of the loans module: every statement that reads or writes loans and their instalments.
import type { LoanStatus, InstalmentStatus } from '@strongroom/shared';
import { rows, type Queryable } from '../../common/sql';

export interface LoanRow {
  id: string;
  customer_id: string;
  /** The account the loan is paid out to and collected from (docs/decisions/0062-accounts.md). */
  account_id: string;
  loan_type: string;
  loan_purpose: string;
  amount_minor: string;
  currency: string;
  annual_rate: string;
  term_months: number;
  monthly_payment_minor: string;
  total_interest_minor: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  date_of_birth: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  employment_status: string;
  employer_name: string;
  job_title: string;
  annual_income_minor: string;
  monthly_rent_minor: string;
  down_payment_minor: string;
  ssn_last4: string;
  status: LoanStatus;
  status_reason: string | null;
  disbursement_transaction_id: string | null;
  approved_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Staff lists and the console's show also name the customer. */
export interface LoanWithHolderRow extends LoanRow {
  customer_name: string;
  account_number: string;
  disbursement_reference: string | null;
}

export interface InstalmentRow {
  id: string;
  loan_id: string;
  number: number;
  due_date: string;
  principal_minor: string;
  interest_minor: string;
  status: InstalmentStatus;
  attempts: number;
  paid_at: Date | null;
  transaction_id: string | null;
}

export interface NewLoan {
  customerId: string;
  accountId: string;
  loanType: string;
  loanPurpose: string;
  amountMinor: bigint;
  currency: string;
  annualRate: string;
  termMonths: number;
  monthlyPaymentMinor: bigint;
  totalInterestMinor: bigint;
  applicant: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    dateOfBirth: string;
    address: string;
    city: string;
    state: string;
    zipCode: string;
    employmentStatus: string;
    employerName: string;
    jobTitle: string;
    annualIncomeMinor: bigint;
    monthlyRentMinor: bigint;
    downPaymentMinor: bigint;
  };
  ssnSealed: string;
  ssnLast4: string;
}

// Never the sealed SSN: no read of this module selects it.
const LOAN_COLUMNS = `l.id, l.customer_id, l.account_id, l.loan_type, l.loan_purpose, l.amount_minor, l.currency, l.annual_rate::text AS annual_rate, l.term_months,
  l.monthly_payment_minor, l.total_interest_minor, l.first_name, l.last_name, l.email, l.phone, to_char(l.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
  l.address, l.city, l.state, l.zip_code, l.employment_status, l.employer_name, l.job_title, l.annual_income_minor, l.monthly_rent_minor,
  l.down_payment_minor, l.ssn_last4, l.status, l.status_reason, l.disbursement_transaction_id, l.approved_at, l.created_at, l.updated_at`;

const HOLDER_COLUMNS = `${LOAN_COLUMNS}, concat_ws(' ', c.first_name, c.last_name) AS customer_name, c.account_number, t.reference AS disbursement_reference`;
const HOLDER_JOINS = `JOIN customers c ON c.id = l.customer_id LEFT JOIN transactions t ON t.id = l.disbursement_transaction_id`;

const INSTALMENT_COLUMNS = `i.id, i.loan_id, i.number, to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.principal_minor, i.interest_minor, i.status, i.attempts, i.paid_at, i.transaction_id`;

export async function insertLoan(db: Queryable, loan: NewLoan): Promise<LoanRow> {
  const a = loan.applicant;
  const [row] = await rows<{ id: string }>(
    db,
    `INSERT INTO loans (customer_id, loan_type, loan_purpose, amount_minor, currency, annual_rate, term_months, monthly_payment_minor, total_interest_minor,
                        first_name, last_name, email, phone, date_of_birth, address, city, state, zip_code, employment_status, employer_name, job_title,
                        annual_income_minor, monthly_rent_minor, down_payment_minor, ssn_sealed, ssn_last4, account_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27) RETURNING id`,
    [
      loan.customerId,
      loan.loanType,
      loan.loanPurpose,
      loan.amountMinor.toString(),
      loan.currency,
      loan.annualRate,
      loan.termMonths,
      loan.monthlyPaymentMinor.toString(),
      loan.totalInterestMinor.toString(),
      a.firstName,
      a.lastName,
      a.email,
      a.phone,
      a.dateOfBirth,
      a.address,
      a.city,
      a.state,
      a.zipCode,
      a.employmentStatus,
      a.employerName,
      a.jobTitle,
      a.annualIncomeMinor.toString(),
      a.monthlyRentMinor.toString(),
      a.downPaymentMinor.toString(),
      loan.ssnSealed,
      loan.ssnLast4,
      loan.accountId,
    ],
  );
  return (await findLoan(db, row.id))!;
}

export async function findLoan(db: Queryable, id: string): Promise<LoanRow | undefined> {
  const [row] = await rows<LoanRow>(db, `SELECT ${LOAN_COLUMNS} FROM loans l WHERE l.id = $1`, [id]);
  return row;
}

/** The loan locked for a decision or a payment (SELECT ... FOR UPDATE). */
export async function lockLoan(db: Queryable, id: string): Promise<LoanRow | undefined> {
  const [row] = await rows<LoanRow>(db, `SELECT ${LOAN_COLUMNS} FROM loans l WHERE l.id = $1 FOR UPDATE`, [id]);
  return row;
}

export async function findLoanWithHolder(db: Queryable, id: string): Promise<LoanWithHolderRow | undefined> {
  const [row] = await rows<LoanWithHolderRow>(db, `SELECT ${HOLDER_COLUMNS} FROM loans l ${HOLDER_JOINS} WHERE l.id = $1`, [id]);
  return row;
}

export async function loansOfCustomer(db: Queryable, customerId: string): Promise<LoanRow[]> {
  return rows<LoanRow>(db, `SELECT ${LOAN_COLUMNS} FROM loans l WHERE l.customer_id = $1 ORDER BY l.created_at DESC, l.id`, [customerId]);
}

export const LOAN_SORTS = { createdAt: 'l.created_at', amount: 'l.amount_minor', status: 'l.status', loanType: 'l.loan_type' } as const;

export interface LoanListQuery {
  status?: string;
  customerId?: string;
  q?: string;
  sort: keyof typeof LOAN_SORTS;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

export async function listLoans(db: Queryable, query: LoanListQuery): Promise<{ items: LoanWithHolderRow[]; total: number }> {
  const where = `($1::text IS NULL OR l.status = $1) AND ($2::uuid IS NULL OR l.customer_id = $2)
    AND ($3::text IS NULL OR c.account_number = $3 OR concat_ws(' ', c.first_name, c.last_name) ILIKE '%' || $3 || '%')`;
  const params = [query.status ?? null, query.customerId ?? null, query.q ?? null];
  const items = await rows<LoanWithHolderRow>(db, `SELECT ${HOLDER_COLUMNS} FROM loans l ${HOLDER_JOINS} WHERE ${where} ORDER BY ${LOAN_SORTS[query.sort]} ${query.order}, l.id LIMIT $4 OFFSET $5`, [
    ...params,
    query.limit,
    query.offset,
  ]);
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM loans l JOIN customers c ON c.id = l.customer_id WHERE ${where}`, params);
  return { items, total: Number(count) };
}

export async function setLoanStatus(db: Queryable, id: string, status: LoanStatus, reason: string | null, now: Date): Promise<void> {
  await db.query(
    `UPDATE loans SET status = $2::varchar, status_reason = $3, updated_at = $4::timestamptz,
            approved_at = CASE WHEN $2::varchar = 'approved' THEN $4::timestamptz ELSE approved_at END WHERE id = $1`,
    [id, status, reason, now.toISOString()],
  );
}

export async function setDisbursement(db: Queryable, id: string, transactionId: string): Promise<void> {
  await db.query(`UPDATE loans SET disbursement_transaction_id = $2 WHERE id = $1`, [id, transactionId]);
}

export async function insertInstalments(db: Queryable, loanId: string, schedule: { number: number; dueDate: string; principalMinor: bigint; interestMinor: bigint }[]): Promise<void> {
  await db.query(
    `INSERT INTO loan_instalments (loan_id, number, due_date, principal_minor, interest_minor)
     SELECT $1, s.number, s.due_date, s.principal_minor, s.interest_minor
       FROM unnest($2::int[], $3::date[], $4::bigint[], $5::bigint[]) AS s(number, due_date, principal_minor, interest_minor)`,
    [loanId, schedule.map((i) => i.number), schedule.map((i) => i.dueDate), schedule.map((i) => i.principalMinor.toString()), schedule.map((i) => i.interestMinor.toString())],
  );
}

export async function instalmentsOf(db: Queryable, loanIds: string[]): Promise<Map<string, InstalmentRow[]>> {
  const result = new Map<string, InstalmentRow[]>(loanIds.map((id) => [id, []]));
  if (loanIds.length === 0) return result;
  const list = await rows<InstalmentRow>(db, `SELECT ${INSTALMENT_COLUMNS} FROM loan_instalments i WHERE i.loan_id = ANY($1::uuid[]) ORDER BY i.loan_id, i.number`, [loanIds]);
  for (const row of list) result.get(row.loan_id)?.push(row);
  return result;
}

/** The first instalment not yet paid, locked. */
export async function lockNextOpenInstalment(db: Queryable, loanId: string): Promise<InstalmentRow | undefined> {
  const [row] = await rows<InstalmentRow>(db, `SELECT ${INSTALMENT_COLUMNS} FROM loan_instalments i WHERE i.loan_id = $1 AND i.status <> 'paid' ORDER BY i.number LIMIT 1 FOR UPDATE`, [loanId]);
  return row;
}

/** One instalment locked; `skipLocked` lets a collection run pass over one that a payment holds right now. */
export async function lockInstalment(db: Queryable, id: string): Promise<InstalmentRow | undefined> {
  const [row] = await rows<InstalmentRow>(db, `SELECT ${INSTALMENT_COLUMNS} FROM loan_instalments i WHERE i.id = $1 FOR UPDATE SKIP LOCKED`, [id]);
  return row;
}

/** Instalments of approved loans due on or before `dueBy` (ISO date) and not yet paid, oldest first. */
export async function dueInstalmentIds(db: Queryable, dueBy: string): Promise<string[]> {
  const list = await rows<{ id: string }>(
    db,
    `SELECT i.id FROM loan_instalments i JOIN loans l ON l.id = i.loan_id
      WHERE i.status <> 'paid' AND i.due_date <= $1::date AND l.status = 'approved'
      ORDER BY i.due_date, i.loan_id, i.number`,
    [dueBy],
  );
  return list.map((r) => r.id);
}

export async function markInstalmentPaid(db: Queryable, id: string, transactionId: string, now: Date): Promise<void> {
  await db.query(`UPDATE loan_instalments SET status = 'paid', paid_at = $3, transaction_id = $2, attempts = attempts + 1, last_attempt_at = $3, updated_at = $3 WHERE id = $1`, [
    id,
    transactionId,
    now.toISOString(),
  ]);
}

export async function markInstalmentMissed(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(`UPDATE loan_instalments SET status = 'missed', attempts = attempts + 1, last_attempt_at = $2, updated_at = $2 WHERE id = $1`, [id, now.toISOString()]);
}

export interface LoanCustomer {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  account_number: string;
  currency: string;
}

/** The borrower, for their e-mails. The money moves on the loan's own account (loans.account_id). */
export async function loanCustomer(db: Queryable, customerId: string): Promise<LoanCustomer | undefined> {
  const [row] = await rows<LoanCustomer>(db, `SELECT c.id, c.email, c.first_name, c.last_name, c.account_number, c.currency FROM customers c WHERE c.id = $1`, [customerId]);
  return row;
}

export const PENDING_LOANS_COUNT_SQL = `SELECT count(*) FROM loans WHERE status IN ('pending','under_review','awaiting_second_approval')`;
