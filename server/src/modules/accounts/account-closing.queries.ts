import { rows, type Queryable } from '../../common/sql';

/** What still hangs on an account, each a reason it cannot close yet (the records name it by account_id). */
export interface CloseBlockers {
  payments_in_progress: boolean;
  scheduled_transfers: boolean;
  standing_orders: boolean;
  cards: boolean;
  card_applications: boolean;
  loan_applications: boolean;
  unrepaid_loans: boolean;
  cheques: boolean;
}

/**
 * SQL: every record on the account that keeps it open, in one statement. Payments held for staff or waiting for
 * the customer's code, transfers dated for later, standing orders still running, cards issued or asked for, loans
 * asked for or not yet repaid, and cheque deposits not yet decided (an approval would credit a closed account).
 */
export async function closeBlockers(db: Queryable, accountId: string): Promise<CloseBlockers> {
  const [row] = await rows<CloseBlockers>(
    db,
    `SELECT EXISTS (SELECT 1 FROM transfers WHERE account_id = $1 AND status IN ('pending','awaiting_authorisation')) AS payments_in_progress,
            EXISTS (SELECT 1 FROM transfers WHERE account_id = $1 AND status = 'scheduled') AS scheduled_transfers,
            EXISTS (SELECT 1 FROM standing_orders WHERE account_id = $1 AND status = 'active') AS standing_orders,
            EXISTS (SELECT 1 FROM cards WHERE account_id = $1 AND status = 'active') AS cards,
            EXISTS (SELECT 1 FROM cards WHERE account_id = $1 AND status IN ('pending','awaiting_second_approval')) AS card_applications,
            EXISTS (SELECT 1 FROM loans WHERE account_id = $1 AND status IN ('pending','under_review','awaiting_second_approval')) AS loan_applications,
            EXISTS (SELECT 1 FROM loans l JOIN loan_instalments i ON i.loan_id = l.id
                     WHERE l.account_id = $1 AND l.status = 'approved' AND i.status <> 'paid') AS unrepaid_loans,
            EXISTS (SELECT 1 FROM cheques WHERE account_id = $1 AND status IN ('pending','awaiting_second_approval')) AS cheques`,
    [accountId],
  );
  return row;
}

/** The customer's own accounts other than `accountId` that are not closed or rejected. */
export async function otherOpenAccounts(db: Queryable, customerId: string, accountId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM accounts WHERE customer_id = $1 AND id <> $2 AND status NOT IN ('closed','rejected')`, [customerId, accountId]);
  return row.n;
}

/** The customer leaves the bank: their row stays (the law keeps their data), closed; sign-in is refused from now on. */
export async function closeCustomer(db: Queryable, customerId: string): Promise<string> {
  const [row] = await rows<{ from: string }>(
    db,
    `UPDATE customers c SET status = 'closed', updated_at = now() FROM (SELECT id, status FROM customers WHERE id = $1 FOR UPDATE) old
      WHERE c.id = old.id RETURNING old.status AS "from"`,
    [customerId],
  );
  return row.from;
}

/**
 * A customer who leaves the bank no longer holds others' accounts: their active holdings end (removed) and the
 * invitations they had not answered lapse (declined), so the owners' holder lists stop naming them.
 */
export async function endHoldingsOf(db: Queryable, customerId: string): Promise<void> {
  await db.query(
    `UPDATE account_holders SET status = CASE WHEN status = 'active' THEN 'removed' ELSE 'declined' END,
            removed_at = CASE WHEN status = 'active' THEN now() ELSE removed_at END,
            responded_at = CASE WHEN status = 'invited' THEN now() ELSE responded_at END
      WHERE customer_id = $1 AND status IN ('active','invited')`,
    [customerId],
  );
}
