import type { DaySpan } from '../../common/calendar-days';
import { rows, type Queryable } from '../../common/sql';
import { TRANSACTION_DTO_COLUMNS, type TransactionDtoRow, type TransactionRow } from '../ledger';

/** A statement holds at most this many rows: its PDF takes about a second to draw at that size (docs/decisions/0046). */
export const STATEMENT_MAX_ROWS = 5000;

/** SQL: rows of one ledger account (parameter `n`), or nothing more when there is none: a customer's rows are all their accounts'. */
const onLedgerAccount = (ledgerAccountId: string | undefined, n: number) => (ledgerAccountId === undefined ? '' : ` AND account_id = $${n}::bigint`);

/**
 * The customer's rows booked from `startsAt` up to (not including) `endsBefore`, oldest first; only those on
 * `ledgerAccountId` when given (its owner's rows: rowsOf).
 */
export function statementRows(db: Queryable, customerId: string, { startsAt, endsBefore }: DaySpan, ledgerAccountId?: string): Promise<TransactionDtoRow[]> {
  return rows<TransactionDtoRow>(
    db,
    `SELECT ${TRANSACTION_DTO_COLUMNS} FROM transactions
      WHERE customer_id = $1 AND created_at >= $2::timestamptz AND created_at < $3::timestamptz${onLedgerAccount(ledgerAccountId, 4)}
      ORDER BY created_at, id LIMIT ${STATEMENT_MAX_ROWS}`,
    ledgerAccountId === undefined ? [customerId, startsAt, endsBefore] : [customerId, startsAt, endsBefore, ledgerAccountId],
  );
}

/** The name, account number and currency a statement is headed with. */
export async function statementHolder(db: Queryable, customerId: string): Promise<{ name: string; accountNumber: string; currency: string }> {
  const [holder] = await rows<{ name: string; accountNumber: string; currency: string }>(
    db,
    `SELECT concat_ws(' ', first_name, middle_name, last_name) AS name, account_number AS "accountNumber", currency FROM customers WHERE id = $1`,
    [customerId],
  );
  return holder;
}

/** The heading of one account's statement: its owner's name, its number and currency. */
export async function statementHolderOfAccount(db: Queryable, accountId: string): Promise<{ name: string; accountNumber: string; currency: string }> {
  const [holder] = await rows<{ name: string; accountNumber: string; currency: string }>(
    db,
    `SELECT concat_ws(' ', c.first_name, c.middle_name, c.last_name) AS name, a.number AS "accountNumber", a.currency
       FROM accounts a JOIN customers c ON c.id = a.customer_id WHERE a.id = $1`,
    [accountId],
  );
  return holder;
}

/**
 * The account balance when a statement period opens (after the last booked row before `startsAt`) and when it closes
 * (after the last booked row before `endsBefore`), in minor units of the account's currency. Rows carry their account's
 * balance after them, in booking order; a customer with nothing booked yet opens at zero.
 */
export async function statementBalances(
  db: Queryable,
  customerId: string,
  currency: string,
  { startsAt, endsBefore }: DaySpan,
  ledgerAccountId?: string,
): Promise<{ openingMinor: bigint; closingMinor: bigint }> {
  const account = onLedgerAccount(ledgerAccountId, 5);
  const [row] = await rows<{ opening: string | null; closing: string | null }>(
    db,
    `SELECT (SELECT balance_after_minor FROM transactions
              WHERE customer_id = $1 AND currency = $4 AND balance_after_minor IS NOT NULL AND created_at < $2::timestamptz${account}
              ORDER BY created_at DESC, id DESC LIMIT 1)::text AS opening,
            (SELECT balance_after_minor FROM transactions
              WHERE customer_id = $1 AND currency = $4 AND balance_after_minor IS NOT NULL AND created_at < $3::timestamptz${account}
              ORDER BY created_at DESC, id DESC LIMIT 1)::text AS closing`,
    ledgerAccountId === undefined ? [customerId, startsAt, endsBefore, currency] : [customerId, startsAt, endsBefore, currency, ledgerAccountId],
  );
  return { openingMinor: BigInt(row.opening ?? '0'), closingMinor: BigInt(row.closing ?? '0') };
}

/** One transaction by id with its holder's name and account number, for staff. */
export async function transactionWithHolder(db: Queryable, id: string): Promise<TransactionRow | undefined> {
  const [row] = await rows<TransactionRow>(
    db,
    `SELECT t.*, concat_ws(' ', c.first_name, c.last_name) AS holder_name, c.account_number AS holder_account
       FROM transactions t JOIN customers c ON c.id = t.customer_id WHERE t.id = $1`,
    [id],
  );
  return row;
}

/** SQL: the rows of a list's page (`page`, a statement with `customer_id`), each with its holder's name and account. */
export const withHolders = (page: string, orderBy: string) => `SELECT listed.*, concat_ws(' ', c.first_name, c.last_name) AS holder_name, c.account_number AS holder_account
       FROM (${page}) listed LEFT JOIN customers c ON c.id = listed.customer_id
      ${orderBy}`;

/** A transaction by its reference, if it is the customer's own. */
export async function transactionOfCustomer(db: Queryable, customerId: string, reference: string): Promise<TransactionRow | undefined> {
  const [row] = await rows<TransactionRow>(
    db,
    `SELECT t.*, concat_ws(' ', c.first_name, c.middle_name, c.last_name) AS holder_name, c.account_number AS holder_account
       FROM transactions t JOIN customers c ON c.id = t.customer_id
      WHERE t.reference = $1 AND t.customer_id = $2`,
    [reference, customerId],
  );
  return row;
}
