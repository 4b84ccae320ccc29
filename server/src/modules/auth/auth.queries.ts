import { rows, type Queryable } from '../../common/sql';

export async function accountNumberTaken(db: Queryable, accountNumber: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM customers WHERE account_number = $1`, [accountNumber])).length > 0;
}

/** Whether any customer registered this address (compared in lower case). */
export async function emailRegistered(db: Queryable, email: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM customers WHERE lower(email) = lower($1)`, [email])).length > 0;
}

/** Uses a live reset link (by its token's hash) at once: the customer it was for, or undefined. */
export async function claimResetToken(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const claimed = await rows<{ customer_id: string }>(db, `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING customer_id`, [
    tokenHash,
  ]);
  return claimed[0]?.customer_id;
}

/** The new password hash, and the sign-in lock lifted; answers the account number. */
export async function resetPassword(db: Queryable, customerId: string, passwordHash: string): Promise<string> {
  const [row] = await rows<{ account_number: string }>(db, `UPDATE customers SET password_hash = $2, failed_login_count = 0, locked_until = NULL WHERE id = $1 RETURNING account_number`, [
    customerId,
    passwordHash,
  ]);
  return row.account_number;
}
