import { rows, type Queryable } from '../../common/sql';

/**
 * Ends the account's accrual (end_interest_accrual, server/src/db/sql/interest.sql) with nothing forfeited: answers
 * the whole minor units it has accrued and not been paid, for the caller to pay in the same transaction, and the
 * last business date accrued; none without an accrual. The accrual row is locked first, so a run accruing it at the
 * same moment either finishes before or finds it gone.
 */
export async function endAccrualOnClosing(db: Queryable, accountId: string): Promise<{ payable_minor: string; accrued_through: string } | undefined> {
  const [accrual] = await rows<{ accrued_through: string }>(db, `SELECT accrued_through::text AS accrued_through FROM interest_accruals WHERE account_id = $1 FOR UPDATE`, [accountId]);
  if (!accrual) return undefined;
  const [row] = await rows<{ payable_minor: string }>(db, `SELECT end_interest_accrual($1, 0, false)::text AS payable_minor`, [accountId]);
  return { payable_minor: row.payable_minor, accrued_through: accrual.accrued_through };
}
