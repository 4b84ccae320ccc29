import { rows, type Queryable } from '../../common/sql';

/** The sealed TOTP secret shown at a member's first sign-in, until they prove it. */
export async function setPendingTotpSecret(db: Queryable, staffId: string, sealedSecret: string): Promise<void> {
  await db.query(`UPDATE staff_users SET totp_pending_encrypted = $2 WHERE id = $1`, [staffId, sealedSecret]);
}

export function unusedRecoveryCodes(db: Queryable, staffId: string): Promise<{ id: string; code_hash: string }[]> {
  return rows<{ id: string; code_hash: string }>(db, `SELECT id, code_hash FROM staff_recovery_codes WHERE staff_id = $1 AND used_at IS NULL`, [staffId]);
}

/** Marks a recovery code used: true when this call used it (not another at the same moment). */
export async function useRecoveryCodeRow(db: Queryable, codeId: string): Promise<boolean> {
  const used = await rows(db, `UPDATE staff_recovery_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`, [codeId]);
  return used.length === 1;
}

/** The member's recovery codes become these hashes; the old ones die. */
export async function replaceRecoveryCodes(db: Queryable, staffId: string, codeHashes: string[]): Promise<void> {
  await db.query(`DELETE FROM staff_recovery_codes WHERE staff_id = $1`, [staffId]);
  for (const codeHash of codeHashes) {
    await db.query(`INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES ($1, $2)`, [staffId, codeHash]);
  }
}
