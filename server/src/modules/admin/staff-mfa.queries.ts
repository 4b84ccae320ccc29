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

/** The member's row locked for a sign-in's second factor, with the last time step a code proved (replays refused). */
export async function lockLastTotpStep(db: Queryable, staffId: string): Promise<string | null> {
  const locked = await rows<{ totp_last_step: string | null }>(db, `SELECT totp_last_step FROM staff_users WHERE id = $1 FOR UPDATE`, [staffId]);
  return locked[0]?.totp_last_step ?? null;
}

/** The pending secret becomes the member's, proved at time step `step`. */
export async function confirmTotpEnrolment(db: Queryable, staffId: string, step: number): Promise<void> {
  await db.query(`UPDATE staff_users SET totp_secret_encrypted = totp_pending_encrypted, totp_pending_encrypted = NULL, totp_enrolled_at = now(), totp_last_step = $2 WHERE id = $1`, [staffId, step]);
}

export async function setLastTotpStep(db: Queryable, staffId: string, step: number): Promise<void> {
  await db.query(`UPDATE staff_users SET totp_last_step = $2 WHERE id = $1`, [staffId, step]);
}

/**
 * Creates the staff user, or resets its password and role (ensureStaff); with a sealed TOTP secret the member is
 * enrolled with it, without one an existing enrolment is kept.
 */
export async function upsertStaffUser(db: Queryable, u: { email: string; name: string; role: string; passwordHash: string; sealedTotpSecret: string | null }): Promise<void> {
  await db.query(
    `INSERT INTO staff_users (email, name, role, password_hash, totp_secret_encrypted, totp_enrolled_at) VALUES (lower($1), $2, $3, $4, $5, CASE WHEN $5::text IS NULL THEN NULL ELSE now() END)
       ON CONFLICT ((lower(email))) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = EXCLUDED.role, active = true, locked_until = NULL, failed_login_count = 0,
         invitation_token_hash = NULL, invitation_expires_at = NULL,
         totp_secret_encrypted = COALESCE(EXCLUDED.totp_secret_encrypted, staff_users.totp_secret_encrypted),
         totp_enrolled_at = CASE WHEN EXCLUDED.totp_secret_encrypted IS NULL THEN staff_users.totp_enrolled_at ELSE now() END,
         totp_last_step = CASE WHEN EXCLUDED.totp_secret_encrypted IS NULL THEN staff_users.totp_last_step ELSE NULL END`,
    [u.email, u.name, u.role, u.passwordHash, u.sealedTotpSecret],
  );
}
