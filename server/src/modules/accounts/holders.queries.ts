import { rows, type Queryable } from '../../common/sql';
import type { HolderRole } from './accounts.queries';

export type HolderStatus = 'invited' | 'active' | 'declined' | 'removed';

/** One row of account_holders, with the holder's name. */
export interface HolderRow {
  id: string;
  account_id: string;
  customer_id: string;
  role: Exclude<HolderRole, 'owner'>;
  status: HolderStatus;
  daily_limit_minor: string | null;
  spent_today_minor: string;
  invited_by: string;
  created_at: Date;
  responded_at: Date | null;
  first_name: string;
  last_name: string;
}

/** A customer as mail and names need them. */
export interface Person {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

const HOLDER_COLUMNS = `h.id, h.account_id, h.customer_id, h.role, h.status, h.daily_limit_minor::text AS daily_limit_minor,
       (CASE WHEN h.spent_day = current_date THEN h.spent_minor ELSE 0 END)::text AS spent_today_minor,
       h.invited_by, h.created_at, h.responded_at, c.first_name, c.last_name`;

/**
 * The approved customer an account number names: the customer whose sign-in (primary account) number it is, or the
 * owner of the active account that has it. Undefined for a number nobody can be invited by.
 */
export async function inviteeByNumber(db: Queryable, number: string): Promise<Person | undefined> {
  const [row] = await rows<Person>(
    db,
    `SELECT c.id, c.email, c.first_name, c.last_name FROM customers c
      WHERE c.status = 'approved'
        AND (c.account_number = $1 OR c.id = (SELECT a.customer_id FROM accounts a WHERE a.number = $1 AND a.status = 'active'))
      LIMIT 1`,
    [number],
  );
  return row;
}

/** Customers by id, for their names and the addresses their mail goes to. */
export function people(db: Queryable, ids: readonly string[]): Promise<Person[]> {
  return rows<Person>(db, `SELECT id, email, first_name, last_name FROM customers WHERE id = ANY($1::uuid[])`, [[...new Set(ids)]]);
}

/** The customer's current (invited or active) holding of the account, if any. */
export async function currentHolding(db: Queryable, accountId: string, customerId: string): Promise<{ id: string; status: HolderStatus } | undefined> {
  const [row] = await rows<{ id: string; status: HolderStatus }>(db, `SELECT id, status FROM account_holders WHERE account_id = $1 AND customer_id = $2 AND status IN ('invited','active')`, [
    accountId,
    customerId,
  ]);
  return row;
}

export interface NewHolder {
  accountId: string;
  customerId: string;
  role: 'joint' | 'dependant';
  dailyLimitMinor: bigint | null;
  invitedBy: string;
}

/** A new invitation (status invited). */
export async function insertInvitation(db: Queryable, h: NewHolder): Promise<{ id: string; created_at: Date }> {
  const [row] = await rows<{ id: string; created_at: Date }>(
    db,
    `INSERT INTO account_holders (account_id, customer_id, role, status, daily_limit_minor, invited_by)
     VALUES ($1, $2, $3, 'invited', $4::bigint, $5) RETURNING id, created_at`,
    [h.accountId, h.customerId, h.role, h.dailyLimitMinor?.toString() ?? null, h.invitedBy],
  );
  return row;
}

/** A current (invited or active) holder of the account, locked for the change the caller makes. */
export async function currentHolder(db: Queryable, accountId: string, holderId: string): Promise<HolderRow | undefined> {
  const [row] = await rows<HolderRow>(
    db,
    `SELECT ${HOLDER_COLUMNS} FROM account_holders h JOIN customers c ON c.id = h.customer_id
      WHERE h.id = $1 AND h.account_id = $2 AND h.status IN ('invited','active') FOR UPDATE OF h`,
    [holderId, accountId],
  );
  return row;
}

/** The owner and the current (invited or active) holders of an account: owner first, then holders by when they were invited. */
export function holdersOfAccount(db: Queryable, accountId: string): Promise<(Omit<HolderRow, 'role'> & { role: HolderRole })[]> {
  return rows(
    db,
    `SELECT * FROM (
       SELECT NULL::uuid AS id, a.id AS account_id, a.customer_id, 'owner' AS role, 'active' AS status, NULL::text AS daily_limit_minor,
              NULL::text AS spent_today_minor, NULL::uuid AS invited_by, a.created_at, NULL::timestamptz AS responded_at, c.first_name, c.last_name
         FROM accounts a JOIN customers c ON c.id = a.customer_id WHERE a.id = $1
       UNION ALL
       SELECT ${HOLDER_COLUMNS} FROM account_holders h JOIN customers c ON c.id = h.customer_id WHERE h.account_id = $1 AND h.status IN ('invited','active')
     ) x ORDER BY x.role <> 'owner', x.created_at, x.id`,
    [accountId],
  );
}

/** An invitation to the customer, with the account it is for and who sent it. */
export interface InvitationRow {
  id: string;
  account_id: string;
  account_name: string;
  account_number: string;
  account_status: string;
  account_owner_id: string;
  currency: string;
  role: 'joint' | 'dependant';
  daily_limit_minor: string | null;
  invited_by: string;
  inviter_first_name: string;
  inviter_last_name: string;
  created_at: Date;
}

const INVITATION = `
  SELECT h.id, h.account_id, a.name AS account_name, a.number AS account_number, a.status AS account_status, a.customer_id AS account_owner_id,
         a.currency, h.role, h.daily_limit_minor::text AS daily_limit_minor, h.invited_by,
         i.first_name AS inviter_first_name, i.last_name AS inviter_last_name, h.created_at
    FROM account_holders h JOIN accounts a ON a.id = h.account_id JOIN customers i ON i.id = h.invited_by
   WHERE h.customer_id = $1 AND h.status = 'invited'`;

/** The invitations waiting for the customer's answer, newest first; one to an account since closed has nothing left to accept. */
export function invitationsFor(db: Queryable, customerId: string): Promise<InvitationRow[]> {
  return rows<InvitationRow>(db, `${INVITATION} AND a.status NOT IN ('closed','rejected') ORDER BY h.created_at DESC, h.id`, [customerId]);
}

/** One invitation waiting for the customer's answer, locked for it. */
export async function invitationFor(db: Queryable, customerId: string, id: string): Promise<InvitationRow | undefined> {
  const [row] = await rows<InvitationRow>(db, `${INVITATION} AND h.id = $2 FOR UPDATE OF h`, [customerId, id]);
  return row;
}

/** The invitee's answer: active (accepted) or declined. */
export async function answerInvitation(db: Queryable, id: string, status: 'active' | 'declined'): Promise<void> {
  await db.query(`UPDATE account_holders SET status = $2, responded_at = now() WHERE id = $1 AND status = 'invited'`, [id, status]);
}

/**
 * A dependant's new daily limit. What they spent today stays counted; lowered below it, today's spending is
 * capped at the new limit (nothing more leaves today; account_holders_within_limit holds), and a count from an
 * earlier day, which chargeDependantAllowance would treat as 0 anyway, is cleared.
 */
export async function setDailyLimit(db: Queryable, id: string, limitMinor: bigint): Promise<void> {
  await db.query(
    `UPDATE account_holders
        SET daily_limit_minor = $2::bigint,
            spent_minor = CASE WHEN spent_day = current_date THEN least(spent_minor, $2::bigint) ELSE 0 END
      WHERE id = $1 AND role = 'dependant'`,
    [id, limitMinor.toString()],
  );
}

/** The holder no longer holds the account (or the invitation is withdrawn), from this moment. */
export async function removeHolder(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE account_holders SET status = 'removed', removed_at = now() WHERE id = $1 AND status IN ('invited','active')`, [id]);
}
