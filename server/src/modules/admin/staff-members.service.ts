import type { FastifyInstance } from 'fastify';
import { INVITATION_INVALID_MESSAGE, type StaffMemberDto, type StaffRole } from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { hashSecret, randomToken, sha256Hex } from '../../common/crypto';
import { withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit';
import * as errors from './admin.errors';
import * as queries from './staff-members.queries';
import type { ReplicaReader } from '../../db/read-replica';

/** How long an invitation link works: long enough for a weekend, short enough that a forgotten e-mail dies. */
export const INVITATION_TTL_HOURS = 72;

export interface StaffInvite {
  email: string;
  name: string;
  role: StaffRole;
}
export interface StaffChange {
  name?: string;
  role?: StaffRole;
  active?: boolean;
}

const ROLE_NAMES: Record<StaffRole, string> = { admin: 'an admin (approve and reject requests)', auditor: 'an auditor (read-only)' };

/**
 * The bank's staff, managed by its admins from the console (docs/decisions/0051): invite a colleague by e-mail, change
 * a name or role, take access away and give it back. Every change is in the audit log; nobody changes their own role
 * or access, so the admin making changes always remains one.
 */
export class StaffMembersService {
  constructor(private readonly app: FastifyInstance) {}

  /** From a replica that has the session's own writes (db/read-replica.ts): a list may be a moment behind. */
  list = (page: Parameters<typeof queries.listStaffMembers>[1], reader?: ReplicaReader) => this.app.readReplica.read(reader, (db) => queries.listStaffMembers(db, page));

  async show(id: string): Promise<StaffMemberDto> {
    const member = await queries.findStaffMember(this.app.db, id);
    if (!member) throw errors.staffMemberNotFound();
    return member;
  }

  /** A member with no password yet, and an e-mailed link to set one. */
  async invite(actor: Actor, invite: StaffInvite): Promise<StaffMemberDto> {
    const token = randomToken(32);
    const expiresAt = new Date(Date.now() + INVITATION_TTL_HOURS * 3_600_000);
    const id = await withTransaction(this.app.db, async (m) => {
      const created = await queries.insertInvitedMember(m, { ...invite, tokenHash: sha256Hex(token), expiresAt, invitedBy: actor.id });
      if (!created) throw errors.staffEmailTaken();
      await recordAudit(m, actor, { action: 'staff.invite', targetType: 'staff_user', targetId: created, details: { email: invite.email.toLowerCase(), role: invite.role } });
      return created;
    });
    await this.sendInvitation(actor, { email: invite.email.toLowerCase(), name: invite.name, role: invite.role }, token, expiresAt);
    return this.show(id);
  }

  /** A new link for a member who has not set a password yet; the one before stops working. */
  async resendInvitation(actor: Actor, id: string): Promise<StaffMemberDto> {
    const token = randomToken(32);
    const expiresAt = new Date(Date.now() + INVITATION_TTL_HOURS * 3_600_000);
    const member = await withTransaction(this.app.db, async (m) => {
      const found = await queries.lockStaffMember(m, id);
      if (!found) throw errors.staffMemberNotFound();
      if (!(await queries.renewInvitation(m, id, sha256Hex(token), expiresAt))) throw errors.notInvited();
      await recordAudit(m, actor, { action: 'staff.invitation_resent', targetType: 'staff_user', targetId: id, details: { email: found.email } });
      return found;
    });
    await this.sendInvitation(actor, { email: member.email, name: member.name, role: member.role as StaffRole }, token, expiresAt);
    return this.show(id);
  }

  async change(actor: Actor, id: string, change: StaffChange): Promise<StaffMemberDto> {
    await withTransaction(this.app.db, async (m) => {
      const member = await queries.lockStaffMember(m, id);
      if (!member) throw errors.staffMemberNotFound();
      const roleChanges = change.role !== undefined && change.role !== member.role;
      const accessChanges = change.active !== undefined && change.active !== member.active;
      if (id === actor.id && (roleChanges || accessChanges)) throw errors.ownAccessUnchangeable();
      const name = change.name ?? member.name;
      const role = change.role ?? member.role;
      const active = change.active ?? member.active;
      await queries.updateStaffMember(m, id, name, role, active);
      const changed = Object.fromEntries(Object.entries({ name: [member.name, name], role: [member.role, role], active: [member.active, active] }).filter(([, [before, after]]) => before !== after));
      if (Object.keys(changed).length > 0) {
        await recordAudit(m, actor, { action: 'staff.update', targetType: 'staff_user', targetId: id, details: { email: member.email, changed } });
      }
    });
    // Taken away means now: every session of theirs ends, the one in another tab included. Their role is read at
    // each request, so a new role applies at once without it.
    if (change.active === false) await this.app.sessions.revokeAllFor('staff', id);
    return this.show(id);
  }

  /** The invited member sets their password; they then sign in and set up their authenticator (admin.service). */
  async acceptInvitation(token: string, password: string): Promise<{ email: string }> {
    const passwordHash = await hashSecret(password);
    const member = await withTransaction(this.app.db, async (m) => {
      const accepted = await queries.acceptInvitation(m, sha256Hex(token), passwordHash);
      if (!accepted) throw errors.invitationInvalid(INVITATION_INVALID_MESSAGE);
      await recordAudit(m, { type: 'staff', id: accepted.id, email: accepted.email }, { action: 'staff.invitation_accepted', targetType: 'staff_user', targetId: accepted.id });
      return accepted;
    });
    return { email: member.email };
  }

  private async sendInvitation(actor: Actor, member: { email: string; name: string; role: StaffRole }, token: string, expiresAt: Date) {
    // In the fragment: the token never reaches a server log or a Referer header.
    const link = `${this.app.config.consoleUrl}#/accept-invitation?token=${token}`;
    await this.app.mailer.send({
      to: member.email,
      template: 'staffInvitation',
      data: { name: member.name, invitedBy: actor.email ?? 'An admin', role: ROLE_NAMES[member.role], link, expiresAt: expiresAt.toUTCString() },
    });
  }
}
