import type { StaffMemberDto } from '@strongroom/shared';
import { rows, type Queryable } from '../../common/sql';
import { StaffUserEntity } from './entities/staff-user.entity';

/** A member as the console shows them; the last sign-in is their newest staff session's start. */
const MEMBER_COLUMNS = `s.id, s.email, s.name, s.role, s.active,
  CASE WHEN NOT s.active THEN 'deactivated' WHEN s.password_hash IS NULL THEN 'invited' ELSE 'active' END AS status,
  s.totp_enrolled_at IS NOT NULL AS "authenticatorEnrolled", s.invitation_expires_at AS "invitationExpiresAt", s.created_at AS "createdAt",
  (SELECT max(x.created_at) FROM sessions x WHERE x.kind = 'staff' AND x.subject_id = s.id) AS "lastSignInAt"`;

interface MemberRow extends Omit<StaffMemberDto, 'invitationExpiresAt' | 'lastSignInAt' | 'createdAt'> {
  invitationExpiresAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
}

const toDto = (row: MemberRow): StaffMemberDto => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  status: row.status,
  active: row.active,
  authenticatorEnrolled: row.authenticatorEnrolled,
  invitationExpiresAt: row.invitationExpiresAt?.toISOString() ?? null,
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const STAFF_SORTABLE = { createdAt: 's.created_at', name: 's.name', email: 's.email', role: 's.role' } as const;

/** Staff is a short list (a bank's back office): counted whole, sorted by one of STAFF_SORTABLE's columns. */
export async function listStaffMembers(db: Queryable, page: { sortColumn: string; direction: 'ASC' | 'DESC'; limit: number; offset: number }) {
  const items = await rows<MemberRow>(db, `SELECT ${MEMBER_COLUMNS} FROM staff_users s ORDER BY ${page.sortColumn} ${page.direction}, s.id LIMIT $1 OFFSET $2`, [page.limit, page.offset]);
  const [{ count }] = await rows<{ count: string }>(db, `SELECT count(*) FROM staff_users`);
  return { items: items.map(toDto), total: Number(count) };
}

export async function findStaffMember(db: Queryable, id: string): Promise<StaffMemberDto | undefined> {
  const [row] = await rows<MemberRow>(db, `SELECT ${MEMBER_COLUMNS} FROM staff_users s WHERE s.id = $1`, [id]);
  return row && toDto(row);
}

/** The member locked for a change of role or access. */
export async function lockStaffMember(db: Queryable, id: string) {
  const [row] = await rows<{ id: string; email: string; name: string; role: string; active: boolean; invited: boolean }>(
    db,
    `SELECT id, email, name, role, active, password_hash IS NULL AS invited FROM staff_users WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

/** A new member with no password, and their invitation; undefined when the e-mail is taken. */
export async function insertInvitedMember(db: Queryable, member: { email: string; name: string; role: string; tokenHash: string; expiresAt: Date; invitedBy: string | null }) {
  const [row] = await rows<{ id: string }>(
    db,
    `INSERT INTO staff_users (email, name, role, password_hash, invitation_token_hash, invitation_expires_at, invited_by) VALUES (lower($1), $2, $3, NULL, $4, $5, $6)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
    [member.email, member.name, member.role, member.tokenHash, member.expiresAt, member.invitedBy],
  );
  return row?.id;
}

/** A fresh invitation for a member who has not set a password yet (the old link stops working). */
export async function renewInvitation(db: Queryable, id: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
  const renewed = await rows(db, `UPDATE staff_users SET invitation_token_hash = $2, invitation_expires_at = $3 WHERE id = $1 AND password_hash IS NULL RETURNING id`, [id, tokenHash, expiresAt]);
  return renewed.length > 0;
}

/** Sets the password of the member the token invites, once: the token dies with its use. */
export async function acceptInvitation(db: Queryable, tokenHash: string, passwordHash: string) {
  const [row] = await rows<{ id: string; email: string }>(
    db,
    `UPDATE staff_users SET password_hash = $2, invitation_token_hash = NULL, invitation_expires_at = NULL
      WHERE invitation_token_hash = $1 AND invitation_expires_at > now() AND password_hash IS NULL AND active RETURNING id, email`,
    [tokenHash, passwordHash],
  );
  return row;
}

export async function updateStaffMember(db: Queryable, id: string, name: string, role: string, active: boolean): Promise<void> {
  await db.query(`UPDATE staff_users SET name = $2, role = $3, active = $4 WHERE id = $1`, [id, name, role, active]);
}

/** A staff row's columns under the entity's property names, without its secrets. */
const STAFF_COLUMNS = `id, email, name, role, failed_login_count AS "failedLoginCount", locked_until AS "lockedUntil", active,
  totp_enrolled_at AS "totpEnrolledAt", invitation_expires_at AS "invitationExpiresAt", invited_by AS "invitedBy", created_at AS "createdAt"`;

/** A staff member by id (undefined when there is none). */
export async function staffUserById(db: Queryable, staffId: string): Promise<StaffUserEntity | undefined> {
  const [staff] = await rows<StaffUserEntity>(db, `SELECT ${STAFF_COLUMNS} FROM staff_users WHERE id = $1`, [staffId]);
  return staff && Object.assign(new StaffUserEntity(), staff);
}

/** An active member by e-mail (any case), with the password hash and authenticator state sign-in needs. */
export async function activeStaffForSignIn(db: Queryable, email: string): Promise<StaffUserEntity | undefined> {
  const [staff] = await rows<StaffUserEntity>(
    db,
    `SELECT ${STAFF_COLUMNS}, password_hash AS "passwordHash", totp_secret_encrypted AS "totpSecretEncrypted",
       totp_pending_encrypted AS "totpPendingEncrypted", totp_last_step AS "totpLastStep"
     FROM staff_users WHERE lower(email) = lower($1) AND active LIMIT 1`,
    [email],
  );
  return staff && Object.assign(new StaffUserEntity(), staff);
}

/** The kind (MIME type) of a stored file, without its bytes. */
export async function storedFileMimeType(db: Queryable, fileId: string): Promise<string | undefined> {
  const [file] = await rows<{ mime_type: string }>(db, `SELECT mime_type FROM stored_files WHERE id = $1`, [fileId]);
  return file?.mime_type;
}
