import { rows, type Queryable } from '../../common/sql';

export type AccountProduct = 'checking' | 'savings' | 'business' | 'fixed_deposit';
export type AccountStatus = 'pending' | 'awaiting_second_approval' | 'rejected' | 'active' | 'frozen' | 'closed';
export type HolderRole = 'owner' | 'joint' | 'dependant';

/** An account as stored (accounts), with its ledger balance. */
export interface AccountRow {
  id: string;
  number: string;
  customer_id: string;
  ledger_account_id: string;
  is_primary: boolean;
  product: AccountProduct;
  currency: string;
  name: string;
  status: AccountStatus;
  status_reason: string | null;
  opened_at: Date | null;
  closed_at: Date | null;
  created_at: Date;
  /** The ledger account's balance, minor units as text. */
  balance_minor: string;
}

/** An account as one customer sees it: their role on it and, for a dependant, their daily limit and what is spent today. */
export interface HeldAccountRow extends AccountRow {
  role: HolderRole;
  holder_id: string | null;
  daily_limit_minor: string | null;
  spent_today_minor: string | null;
}

const ACCOUNT_COLUMNS = `a.id, a.number, a.customer_id, a.ledger_account_id::text AS ledger_account_id, a.is_primary, a.product, a.currency,
       a.name, a.status, a.status_reason, a.opened_at, a.closed_at, a.created_at, l.balance_minor::text AS balance_minor`;

const HOLDER_COLUMNS = `h.id AS holder_id, h.daily_limit_minor::text AS daily_limit_minor,
       (CASE WHEN h.spent_day = current_date THEN h.spent_minor ELSE 0 END)::text AS spent_today_minor`;

/**
 * SQL: the accounts `customer` holds, as owner or as an active joint or dependant holder, with their role. One
 * probe of accounts_customer and one of account_holders_of_customer.
 */
const HELD_ACCOUNTS = (customer: string) => `
  SELECT ${ACCOUNT_COLUMNS}, 'owner' AS role, NULL::uuid AS holder_id, NULL::text AS daily_limit_minor, NULL::text AS spent_today_minor
    FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id WHERE a.customer_id = ${customer}
  UNION ALL
  SELECT ${ACCOUNT_COLUMNS}, h.role, ${HOLDER_COLUMNS}
    FROM account_holders h JOIN accounts a ON a.id = h.account_id JOIN ledger_accounts l ON l.id = a.ledger_account_id
   WHERE h.customer_id = ${customer} AND h.status = 'active'`;

/** Every account the customer holds, their own first (primary first, then by opening), then the ones shared with them. */
export function heldAccounts(db: Queryable, customerId: string): Promise<HeldAccountRow[]> {
  return rows<HeldAccountRow>(db, `SELECT * FROM (${HELD_ACCOUNTS('$1')}) x ORDER BY x.role <> 'owner', x.is_primary DESC, x.created_at, x.id`, [customerId]);
}

/** One account as the customer holds it, or undefined when they do not hold it (or it does not exist). */
export async function heldAccount(db: Queryable, customerId: string, accountId: string, lock = false): Promise<HeldAccountRow | undefined> {
  const [row] = await rows<HeldAccountRow>(db, `SELECT * FROM (${HELD_ACCOUNTS('$1')}) x WHERE x.id = $2`, [customerId, accountId]);
  if (row && lock) await db.query(`SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
  return row;
}

/** The customer's primary account (the one their customer row names). */
export async function primaryAccount(db: Queryable, customerId: string): Promise<AccountRow | undefined> {
  const [row] = await rows<AccountRow>(db, `SELECT ${ACCOUNT_COLUMNS} FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id WHERE a.customer_id = $1 AND a.is_primary`, [customerId]);
  return row;
}

/** An account by its id, for staff and for code that has already checked who may see it. */
export async function accountById(db: Queryable, accountId: string, lock = false): Promise<AccountRow | undefined> {
  const [row] = await rows<AccountRow>(db, `SELECT ${ACCOUNT_COLUMNS} FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`, [
    accountId,
  ]);
  return row;
}

/** An account by its number (active or frozen: the ones that can still receive money), with its owner's name. */
export async function accountByNumber(db: Queryable, number: string): Promise<(AccountRow & { first_name: string; last_name: string }) | undefined> {
  const [row] = await rows<AccountRow & { first_name: string; last_name: string }>(
    db,
    `SELECT ${ACCOUNT_COLUMNS}, c.first_name, c.last_name
       FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id JOIN customers c ON c.id = a.customer_id
      WHERE a.number = $1 AND a.status IN ('active','frozen')`,
    [number],
  );
  return row;
}

/** A further account's ledger account (secondary: the customer's primary one keeps the (customer, currency) key). */
export async function insertSecondaryLedgerAccount(db: Queryable, customerId: string, currency: string): Promise<string> {
  const [row] = await rows<{ id: string }>(db, `INSERT INTO ledger_accounts (customer_id, kind, currency, secondary_account) VALUES ($1, 'customer', $2, true) RETURNING id::text AS id`, [
    customerId,
    currency,
  ]);
  return row.id;
}

export interface NewAccount {
  number: string;
  customerId: string;
  ledgerAccountId: string;
  product: AccountProduct;
  currency: string;
  name: string;
  status: 'active' | 'pending';
}

/** A further (not primary) account; opened now when it starts active. */
export async function insertAccount(db: Queryable, a: NewAccount): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    `INSERT INTO accounts (number, customer_id, ledger_account_id, is_primary, product, currency, name, status, opened_at)
     VALUES ($1, $2, $3, false, $4, $5, $6, $7::varchar, CASE WHEN $7::varchar = 'active' THEN now() END) RETURNING id`,
    [a.number, a.customerId, a.ledgerAccountId, a.product, a.currency, a.name, a.status],
  );
  return row.id;
}

/** Whether a number is taken, by an account or by a customer's sign-in number (the same number space). */
export async function accountNumberTaken(db: Queryable, number: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM customers WHERE account_number = $1 UNION ALL SELECT 1 FROM accounts WHERE number = $1`, [number])).length > 0;
}

/**
 * Counts a dependant's payment against their daily limit, in the caller's transaction (the one that books the
 * payment, so a refused or failed booking gives the allowance back with its rollback). The row lock serialises a
 * dependant's concurrent payments; the CHECK account_holders_within_limit backs the WHERE. False when the payment
 * would take them over their limit today or they are no longer an active holder.
 */
export async function chargeDependantAllowance(db: Queryable, holderId: string, amountMinor: bigint): Promise<boolean> {
  const charged = await rows(
    db,
    `UPDATE account_holders
        SET spent_minor = (CASE WHEN spent_day = current_date THEN spent_minor ELSE 0 END) + $2::bigint, spent_day = current_date
      WHERE id = $1 AND status = 'active' AND role = 'dependant'
        AND (CASE WHEN spent_day = current_date THEN spent_minor ELSE 0 END) + $2::bigint <= daily_limit_minor
      RETURNING id`,
    [holderId, amountMinor.toString()],
  );
  return charged.length === 1;
}
