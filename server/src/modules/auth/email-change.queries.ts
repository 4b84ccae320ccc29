import { rows, type Queryable } from '../../common/sql';

/** Whether any customer has this address (`email` in lower case). */
export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  return (await rows(db, `SELECT 1 FROM customers WHERE lower(email) = $1`, [email])).length > 0;
}

/** A new request replaces any pending one. */
export async function dropPendingEmailChanges(db: Queryable, customerId: string): Promise<void> {
  await db.query(`UPDATE email_changes SET consumed_at = now() WHERE customer_id = $1 AND consumed_at IS NULL`, [customerId]);
}

export async function insertEmailChange(db: Queryable, customerId: string, newEmail: string, codeHash: string, ttlMinutes: number): Promise<void> {
  await db.query(`INSERT INTO email_changes (customer_id, new_email, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`, [customerId, newEmail, codeHash, ttlMinutes]);
}

/** The customer's newest pending change, locked for its code's check. */
export async function lockPendingEmailChange(db: Queryable, customerId: string) {
  const [pending] = await rows<{ id: string; new_email: string; code_hash: string; attempts: number; expired: boolean }>(
    db,
    `SELECT id, new_email, code_hash, attempts, expires_at <= now() AS expired FROM email_changes
          WHERE customer_id = $1 AND consumed_at IS NULL ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [customerId],
  );
  return pending;
}

export async function countWrongEmailCode(db: Queryable, changeId: string): Promise<void> {
  await db.query(`UPDATE email_changes SET attempts = attempts + 1 WHERE id = $1`, [changeId]);
}

/** The customer's current address and name, locked while it changes. */
export async function lockEmailOwner(db: Queryable, customerId: string): Promise<{ email: string; first_name: string }> {
  const [before] = await rows<{ email: string; first_name: string }>(db, `SELECT email, first_name FROM customers WHERE id = $1 FOR UPDATE`, [customerId]);
  return before;
}

export async function consumeEmailChange(db: Queryable, changeId: string): Promise<void> {
  await db.query(`UPDATE email_changes SET consumed_at = now() WHERE id = $1`, [changeId]);
}

/** The new address, proved by its code. */
export async function setVerifiedEmail(db: Queryable, customerId: string, email: string): Promise<void> {
  await db.query(`UPDATE customers SET email = $2, email_verified_at = now(), updated_at = now() WHERE id = $1`, [customerId, email]);
}

/** Ends every unused password-reset link of the customer. */
export async function endPasswordResets(db: Queryable, customerId: string): Promise<void> {
  await db.query(`UPDATE password_resets SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL`, [customerId]);
}
