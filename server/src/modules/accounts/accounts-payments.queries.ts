import { rows, type Queryable } from '../../common/sql';
import type { AccountStatus, HolderRole } from './accounts.queries';

/**
 * SQL: the account a payment by number reaches (`number` an SQL expression: text, so that the comparison is one probe
 * of accounts_account_number_uq), with its ledger account and its owner. Active or frozen accounts only: a frozen
 * account still receives (account-roles.ts); any other status, or a term deposit (paid into only when it opens), is as
 * if the number were not there.
 */
export const PAYABLE_ACCOUNT_BY_NUMBER = (number: string) => `
  SELECT ra.id AS account_id, ra.ledger_account_id::text AS ledger_account_id, ra.currency, ra.is_primary,
         r.id AS customer_id, r.first_name, r.last_name, r.email, r.status AS customer_status, r.notification_preferences
    FROM accounts ra JOIN customers r ON r.id = ra.customer_id
   WHERE ra.number = ${number} AND ra.status IN ('active','frozen') AND ra.product <> 'fixed_deposit'`;

/** The account a payment by number reaches, and whose it is. */
export interface PayableAccountRow {
  account_id: string;
  ledger_account_id: string;
  currency: string;
  is_primary: boolean;
  customer_id: string;
  first_name: string;
  last_name: string;
  email: string;
  customer_status: string;
  notification_preferences: { transactionAlerts?: boolean; emailNotifications?: boolean } | null;
}

/** The account a payment by number reaches, or undefined for a number no active or frozen account has. */
export async function payableAccountByNumber(db: Queryable, number: string): Promise<PayableAccountRow | undefined> {
  const [row] = await rows<PayableAccountRow>(db, PAYABLE_ACCOUNT_BY_NUMBER('$1'), [number]);
  return row;
}

/**
 * An account a payment is made from, as `customerId` holds it: its ledger account, owner, status, balance and what
 * left it today, and, for a dependant, their holder row. Undefined when they hold it no longer (the account, not the
 * payment, decides who may: account-roles.ts).
 */
export interface PaymentSourceRow {
  id: string;
  number: string;
  customer_id: string;
  ledger_account_id: string;
  currency: string;
  status: AccountStatus;
  balance_minor: string;
  /** What left the account today (the daily outbound limit's count). */
  outbound_today: string;
  role: HolderRole;
  /** A dependant's holder row, their daily limit and what they spent today; null for anyone else. */
  holder_id: string | null;
  daily_limit_minor: string | null;
  spent_today_minor: string | null;
}

export async function paymentSourceOf(db: Queryable, accountId: string, customerId: string): Promise<PaymentSourceRow | undefined> {
  const [row] = await rows<PaymentSourceRow>(
    db,
    `SELECT a.id, a.number, a.customer_id, a.ledger_account_id::text AS ledger_account_id, a.currency, a.status, l.balance_minor::text AS balance_minor,
            (CASE WHEN l.outbound_day = current_date THEN l.outbound_minor ELSE 0 END)::text AS outbound_today,
            CASE WHEN a.customer_id = $2 THEN 'owner' ELSE h.role END AS role, h.id AS holder_id, h.daily_limit_minor::text AS daily_limit_minor,
            (CASE WHEN h.spent_day = current_date THEN h.spent_minor ELSE 0 END)::text AS spent_today_minor
       FROM accounts a JOIN ledger_accounts l ON l.id = a.ledger_account_id
       LEFT JOIN account_holders h ON h.account_id = a.id AND h.customer_id = $2 AND h.status = 'active' AND a.customer_id <> $2
      WHERE a.id = $1 AND (a.customer_id = $2 OR h.id IS NOT NULL)`,
    [accountId, customerId],
  );
  if (row && row.role !== 'dependant') Object.assign(row, { holder_id: null, daily_limit_minor: null, spent_today_minor: null });
  return row;
}

/** What left a ledger account today (the daily outbound limit's count), minor units as text. */
export async function outboundToday(db: Queryable, ledgerAccountId: string): Promise<string> {
  const [row] = await rows<{ spent: string }>(db, `SELECT (CASE WHEN outbound_day = current_date THEN outbound_minor ELSE 0 END)::text AS spent FROM ledger_accounts WHERE id = $1`, [ledgerAccountId]);
  return row?.spent ?? '0';
}
