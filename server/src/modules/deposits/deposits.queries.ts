import { rows, type Queryable } from '../../common/sql';

export type DepositStatus = 'active' | 'matured' | 'withdrawn';

/** A term deposit as stored, with its account, its accrual so far and the product's figures. */
export interface DepositRow {
  account_id: string;
  number: string;
  name: string;
  customer_id: string;
  currency: string;
  ledger_account_id: string;
  account_status: string;
  source_account_id: string;
  principal_minor: string;
  term_months: number;
  rate_percent: string;
  start_date: string;
  maturity_date: string;
  renew: boolean;
  status: DepositStatus;
  interest_paid_minor: string;
  forfeited_minor: string;
  renewals: number;
  ended_at: Date | null;
  created_at: Date;
  balance_minor: string;
  /** Interest accrued so far, to 10 decimal places of a minor unit (0 before the first end of day). */
  accrued_minor: string;
  /** What the deposit earns from start to maturity at its locked rate (term_deposit_interest_minor). */
  expected_interest_minor: string;
  days_in_year: number;
  forfeit_days: number;
}

/** The role the caller holds the deposit's account with (owner, joint, dependant). */
export type HeldDepositRow = DepositRow & { role: 'owner' | 'joint' | 'dependant' };

const DEPOSIT_COLUMNS = `d.account_id, a.number, a.name, a.customer_id, a.currency, a.ledger_account_id::text AS ledger_account_id, a.status AS account_status,
       d.source_account_id, d.principal_minor::text AS principal_minor, d.term_months, d.rate_percent::text AS rate_percent,
       d.start_date::text AS start_date, d.maturity_date::text AS maturity_date, d.renew, d.status, d.interest_paid_minor::text AS interest_paid_minor,
       d.forfeited_minor::text AS forfeited_minor, d.renewals, d.ended_at, d.created_at, l.balance_minor::text AS balance_minor,
       coalesce(s.accrued_minor, 0)::text AS accrued_minor,
       term_deposit_interest_minor(d.principal_minor, d.rate_percent, d.maturity_date - d.start_date, ${daysInYear('p')})::text AS expected_interest_minor,
       ${daysInYear('p')} AS days_in_year, p.forfeit_days`;

function daysInYear(alias: string): string {
  return `CASE WHEN ${alias}.day_count = 'actual/360' THEN 360 ELSE 365 END`;
}

const DEPOSIT_FROM = `term_deposits d
  JOIN accounts a ON a.id = d.account_id
  JOIN ledger_accounts l ON l.id = a.ledger_account_id
  JOIN deposit_products p ON p.code = 'fixed_deposit'
  LEFT JOIN interest_accruals s ON s.account_id = d.account_id`;

/** SQL: the role `customer` holds account `a` with, or NULL when they do not hold it. */
const ROLE_OF = (customer: string) => `CASE WHEN a.customer_id = ${customer} THEN 'owner'
  ELSE (SELECT h.role FROM account_holders h WHERE h.account_id = a.id AND h.customer_id = ${customer} AND h.status = 'active') END`;

/** Every deposit on an account the customer holds (as owner or holder): active ones first, soonest maturity first. */
export function depositsHeldBy(db: Queryable, customerId: string): Promise<HeldDepositRow[]> {
  return rows<HeldDepositRow>(
    db,
    `SELECT * FROM (SELECT ${DEPOSIT_COLUMNS}, ${ROLE_OF('$1')} AS role FROM ${DEPOSIT_FROM}) x
      WHERE x.role IS NOT NULL ORDER BY x.status <> 'active', x.maturity_date, x.account_id`,
    [customerId],
  );
}

/** One deposit by its account's id; `lock` locks its row (and so its maturity, renewal and withdrawal) for the transaction. */
export async function depositById(db: Queryable, accountId: string, lock = false): Promise<DepositRow | undefined> {
  if (lock) await db.query(`SELECT 1 FROM term_deposits WHERE account_id = $1 FOR UPDATE`, [accountId]);
  const [row] = await rows<DepositRow>(db, `SELECT ${DEPOSIT_COLUMNS} FROM ${DEPOSIT_FROM} WHERE d.account_id = $1`, [accountId]);
  return row;
}

/** The product's figures for a term: its rate in force on `onDate` (null when none), the minimum and the day count. */
export interface TermFigures {
  rate_percent: string | null;
  minimum_opening_minor: string;
  days_in_year: number;
}

export async function termFigures(db: Queryable, termMonths: number, onDate: string): Promise<TermFigures> {
  const [row] = await rows<TermFigures>(
    db,
    `SELECT (SELECT r.rate_percent::text FROM rates_in_force($2::date) r WHERE r.product = 'fixed_deposit' AND r.term_months = $1 ORDER BY r.from_minor LIMIT 1) AS rate_percent,
            p.minimum_opening_minor::text AS minimum_opening_minor, ${daysInYear('p')} AS days_in_year
       FROM deposit_products p WHERE p.code = 'fixed_deposit'`,
    [termMonths, onDate],
  );
  return row;
}

/** The interest a deposit earns from `startDate` to `maturityDate`, as the end of day accrues it (minor units). */
export async function termInterestMinor(db: Queryable, principalMinor: bigint, ratePercent: string, startDate: string, maturityDate: string, daysInYearCount: number): Promise<bigint> {
  const [row] = await rows<{ interest: string }>(db, `SELECT term_deposit_interest_minor($1::bigint, $2::numeric, $4::date - $3::date, $5)::text AS interest`, [
    principalMinor.toString(),
    ratePercent,
    startDate,
    maturityDate,
    daysInYearCount,
  ]);
  return BigInt(row.interest);
}

/**
 * An early withdrawal's figures: what accrued (10 decimal places), the interest of the last `forfeit_days` days at
 * the locked rate capped at what accrued, and what is paid of it: floor(accrued - forfeit), never below nothing.
 */
export interface WithdrawalFigures {
  accrued_minor: string;
  forfeit_exact_minor: string;
  interest_minor: string;
}

export async function withdrawalFigures(db: Queryable, accountId: string): Promise<WithdrawalFigures> {
  const [row] = await rows<WithdrawalFigures>(
    db,
    `WITH f AS (
       SELECT coalesce(s.accrued_minor, 0) AS accrued,
              least(coalesce(s.accrued_minor, 0), p.forfeit_days * daily_interest_minor(d.principal_minor, d.rate_percent, ${daysInYear('p')})) AS forfeit
         FROM term_deposits d JOIN deposit_products p ON p.code = 'fixed_deposit' LEFT JOIN interest_accruals s ON s.account_id = d.account_id
        WHERE d.account_id = $1)
     SELECT accrued::text AS accrued_minor, forfeit::text AS forfeit_exact_minor, greatest(0, floor(accrued - forfeit))::bigint::text AS interest_minor FROM f`,
    [accountId],
  );
  return row;
}

/** Ends the deposit's accrual (interest.sql): answers the interest to pay now, and fixes the books in this transaction. */
export async function endAccrual(db: Queryable, accountId: string, forfeitMinor: string, keep: boolean): Promise<bigint> {
  const [row] = await rows<{ payable: string }>(db, `SELECT end_interest_accrual($1::uuid, $2::numeric, $3)::text AS payable`, [accountId, forfeitMinor, keep]);
  return BigInt(row.payable);
}

/**
 * Locks the customer's row (two openings at once cannot both pass the count, as modules/accounts opens accounts) and
 * answers how many accounts they own that are not closed or rejected: a deposit's account counts among them.
 */
export async function lockedOpenAccountCount(db: Queryable, customerId: string): Promise<number> {
  await db.query(`SELECT 1 FROM customers WHERE id = $1 FOR UPDATE`, [customerId]);
  const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM accounts WHERE customer_id = $1 AND status NOT IN ('closed','rejected')`, [customerId]);
  return row.n;
}

export interface NewDeposit {
  accountId: string;
  sourceAccountId: string;
  principalMinor: bigint;
  termMonths: number;
  ratePercent: string;
  startDate: string;
  maturityDate: string;
}

export async function insertDeposit(db: Queryable, d: NewDeposit): Promise<void> {
  await db.query(`INSERT INTO term_deposits (account_id, source_account_id, principal_minor, term_months, rate_percent, start_date, maturity_date) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    d.accountId,
    d.sourceAccountId,
    d.principalMinor.toString(),
    d.termMonths,
    d.ratePercent,
    d.startDate,
    d.maturityDate,
  ]);
}

export async function setRenewal(db: Queryable, accountId: string, renew: boolean): Promise<void> {
  await db.query(`UPDATE term_deposits SET renew = $2 WHERE account_id = $1`, [accountId, renew]);
}

/** The deposit ended (matured and paid out, or withdrawn): what it paid and forfeited. */
export async function endDeposit(db: Queryable, accountId: string, status: 'matured' | 'withdrawn', interestMinor: bigint, forfeitedMinor: bigint): Promise<void> {
  await db.query(
    `UPDATE term_deposits SET status = $2, ended_at = now(), interest_paid_minor = interest_paid_minor + $3::bigint, forfeited_minor = forfeited_minor + $4::bigint WHERE account_id = $1`,
    [accountId, status, interestMinor.toString(), forfeitedMinor.toString()],
  );
}

/** The deposit starts its term again: the interest added to its principal, at the rate in force at maturity. */
export async function renewDeposit(db: Queryable, accountId: string, r: { interestMinor: bigint; ratePercent: string; startDate: string; maturityDate: string }): Promise<void> {
  await db.query(
    `UPDATE term_deposits SET principal_minor = principal_minor + $2::bigint, interest_paid_minor = interest_paid_minor + $2::bigint, rate_percent = $3,
            start_date = $4, maturity_date = $5, renewals = renewals + 1 WHERE account_id = $1`,
    [accountId, r.interestMinor.toString(), r.ratePercent, r.startDate, r.maturityDate],
  );
}

/**
 * Where a deposit's money goes when it ends: its source account while that is open, else an open account of the
 * deposit's owner in the deposit's currency, the primary one first.
 */
export interface PayoutAccountRow {
  id: string;
  number: string;
  name: string;
  customer_id: string;
  ledger_account_id: string;
}

export async function payoutAccount(db: Queryable, deposit: Pick<DepositRow, 'source_account_id' | 'customer_id' | 'currency'>): Promise<PayoutAccountRow | undefined> {
  const [row] = await rows<PayoutAccountRow>(
    db,
    `SELECT a.id, a.number, a.name, a.customer_id, a.ledger_account_id::text AS ledger_account_id
       FROM accounts a
      WHERE a.currency = $3 AND a.status IN ('active','frozen') AND a.product <> 'fixed_deposit' AND (a.id = $1 OR a.customer_id = $2)
      ORDER BY a.id = $1 DESC, a.is_primary DESC, a.created_at LIMIT 1`,
    [deposit.source_account_id, deposit.customer_id, deposit.currency],
  );
  return row;
}

/** The account's status as closing writes it (modules/accounts/account-views.queries.ts): its ledger account takes no more postings. */
export async function closeDepositAccount(db: Queryable, accountId: string): Promise<void> {
  await db.query(
    `WITH changed AS (UPDATE accounts SET status = 'closed', closed_at = now(), updated_at = now() WHERE id = $1 RETURNING ledger_account_id)
     UPDATE ledger_accounts l SET closed = true, frozen = false FROM changed WHERE l.id = changed.ledger_account_id`,
    [accountId],
  );
}

export async function ownerContact(db: Queryable, customerId: string): Promise<{ email: string; first_name: string }> {
  const [row] = await rows<{ email: string; first_name: string }>(db, `SELECT email, first_name FROM customers WHERE id = $1`, [customerId]);
  return row;
}

/** Staff list sort keys and their columns. */
export const DEPOSIT_SORTS = {
  maturityDate: 'd.maturity_date',
  startDate: 'd.start_date',
  createdAt: 'd.created_at',
  principal: 'd.principal_minor',
  status: 'd.status',
} as const;
export type DepositSort = keyof typeof DEPOSIT_SORTS;

export interface StaffDepositFilter {
  status?: DepositStatus;
  customerId?: string;
  maturityFrom?: string;
  maturityTo?: string;
}

/** A page of every deposit for staff, with the owner's name, and the count of all that match. */
export async function staffDepositPage(
  db: Queryable,
  filter: StaffDepositFilter,
  sort: { field: DepositSort; order: 'ASC' | 'DESC' },
  page: { limit: number; offset: number },
): Promise<{ items: (DepositRow & { owner_name: string })[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.status) add('d.status = ?', filter.status);
  if (filter.customerId) add('a.customer_id = ?::uuid', filter.customerId);
  if (filter.maturityFrom) add('d.maturity_date >= ?::date', filter.maturityFrom);
  if (filter.maturityTo) add('d.maturity_date <= ?::date', filter.maturityTo);
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const [{ total }] = await rows<{ total: number }>(db, `SELECT count(*)::int AS total FROM term_deposits d JOIN accounts a ON a.id = d.account_id ${whereSql}`, params);
  const items = await rows<DepositRow & { owner_name: string }>(
    db,
    `SELECT ${DEPOSIT_COLUMNS}, c.first_name || ' ' || c.last_name AS owner_name
       FROM ${DEPOSIT_FROM} JOIN customers c ON c.id = a.customer_id ${whereSql}
      ORDER BY ${DEPOSIT_SORTS[sort.field]} ${sort.order}, d.account_id ${sort.order} LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
  return { items, total };
}

export async function staffDepositById(db: Queryable, accountId: string): Promise<(DepositRow & { owner_name: string }) | undefined> {
  const [row] = await rows<DepositRow & { owner_name: string }>(
    db,
    `SELECT ${DEPOSIT_COLUMNS}, c.first_name || ' ' || c.last_name AS owner_name FROM ${DEPOSIT_FROM} JOIN customers c ON c.id = a.customer_id WHERE d.account_id = $1`,
    [accountId],
  );
  return row;
}
