import type { FastifyInstance } from 'fastify';
import { MoneyError, formatMoney, minorToDecimal, parseAmountToMinor, type HolderInvitationInput } from '@strongroom/shared';
import { AppError, badRequest, conflict, notFound } from '../../common/app-error';
import type { Actor } from '../../common/actor';
import { sqlState, type Queryable } from '../../common/sql';
import { withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit';
import { enqueueMail, type SendMailInput, type TemplateName } from '../mail';
import { refusalFor } from './account-roles';
import type { HeldAccountRow, HolderRole } from './accounts.queries';
import { resolveAccount } from './accounts.service';
import * as q from './holders.queries';

/**
 * Account holders (docs/decisions/0062-accounts.md): the owner or a joint holder invites an existing customer as a
 * joint holder or a dependant; the invitee accepts or declines; a dependant's daily limit changes; a holder is
 * removed or leaves. Each change is one transaction with its audit record and the mail to everyone it concerns
 * (the owner, whoever acted, the holder), so none of them goes out for a change that rolled back. Access follows at
 * once: resolveAccount reads account_holders on every request.
 */

const AUDIT_TARGET = 'account_holder';
const UNIQUE_VIOLATION = '23505';

export const holderNotFound = () => notFound('Holder not found');
export const invitationNotFound = () => notFound('Invitation not found');
const inviteeNotFound = () => new AppError(404, 'No customer found with this account number', { accountNumber: 'No customer found with this account number' });

/** A customer's name as others see it: first name and last initial, as a same-bank payee is shown (transfers/same-bank.service.ts). */
export const shownName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name.charAt(0)}.`;
const last4 = (number: string) => number.slice(-4);
const accountLabel = (a: { name: string; number: string }) => `${a.name} (ending ${last4(a.number)})`;

export interface HolderDto {
  /** The holder row's id; null for the owner, who is not a holder row. */
  id: string | null;
  role: HolderRole;
  status: 'active' | 'invited';
  name: string;
  /** This entry is the caller. */
  you: boolean;
  dailyLimit: string | null;
  spentToday: string | null;
  since: string;
}

export interface InvitationDto {
  id: string;
  accountName: string;
  accountLast4: string;
  currency: string;
  role: 'joint' | 'dependant';
  dailyLimit: string | null;
  inviterName: string;
  invitedAt: string;
}

function toHolderDto(row: Awaited<ReturnType<typeof q.holdersOfAccount>>[number], callerId: string, currency: string): HolderDto {
  return {
    id: row.id,
    role: row.role,
    status: row.status === 'invited' ? 'invited' : 'active',
    name: shownName(row),
    you: row.customer_id === callerId,
    dailyLimit: row.daily_limit_minor === null ? null : minorToDecimal(row.daily_limit_minor, currency),
    spentToday: row.role === 'dependant' ? minorToDecimal(row.spent_today_minor, currency) : null,
    since: new Date(row.responded_at ?? row.created_at).toISOString(),
  };
}

function toInvitationDto(row: q.InvitationRow): InvitationDto {
  return {
    id: row.id,
    accountName: row.account_name,
    accountLast4: last4(row.account_number),
    currency: row.currency,
    role: row.role,
    dailyLimit: row.daily_limit_minor === null ? null : minorToDecimal(row.daily_limit_minor, row.currency),
    inviterName: shownName({ first_name: row.inviter_first_name, last_name: row.inviter_last_name }),
    invitedAt: new Date(row.created_at).toISOString(),
  };
}

/** A daily limit from the wire in the account's currency (a JPY account's limit has no decimals). */
function limitIn(value: string | number | undefined, currency: string): bigint {
  try {
    return parseAmountToMinor(value as string | number, currency);
  } catch (err) {
    if (!(err instanceof MoneyError)) throw err;
    const message = /decimal places|too large/.test(err.message) ? err.message.replace(/^Amount/, 'The daily limit') : 'Enter a daily limit';
    throw new AppError(400, message, { dailyLimit: message });
  }
}

const roleText = (role: 'joint' | 'dependant', limitMinor: string | bigint | null, currency: string) =>
  role === 'joint' ? 'a joint holder' : `a family member with a daily spending limit of ${formatMoney(BigInt(limitMinor ?? 0), currency)}`;

/** The people a change concerns, once each: the account's owner, whoever acted, the holder. */
async function partiesOf(db: Queryable, ids: { owner: string; actor: string; holder: string }) {
  const found = new Map((await q.people(db, [ids.owner, ids.actor, ids.holder])).map((p) => [p.id, p]));
  const get = (id: string) => found.get(id)!;
  return { owner: get(ids.owner), actor: get(ids.actor), holder: get(ids.holder), everyone: [...found.values()] };
}

/** One mail to each person, in the change's transaction (enqueueMail): `data` words it for that reader. */
async function mailEach<T extends TemplateName>(app: FastifyInstance, db: Queryable, to: q.Person[], template: T, data: (reader: q.Person) => SendMailInput<T>['data']) {
  for (const reader of to) await enqueueMail(app, db, { to: reader.email, customerId: reader.id, template, data: data(reader) });
}

/** The name a reader sees for someone: 'You' (or 'you') for the reader themselves. */
const nameFor = (reader: q.Person, p: q.Person, lower = false) => (reader.id === p.id ? (lower ? 'you' : 'You') : shownName(p));

/** Inviting needs an account that is open; who may invite is resolveAccount's 'manage'. */
function assertShareable(account: HeldAccountRow): void {
  if (account.status === 'active') return;
  const message =
    account.status === 'frozen' ? 'This account is frozen: it cannot be shared until it is unfrozen' : account.status === 'closed' ? 'This account is closed' : 'This account is not open yet';
  throw conflict(message);
}

async function insertInvitation(db: Queryable, holder: q.NewHolder): Promise<{ id: string; created_at: Date }> {
  try {
    return await q.insertInvitation(db, holder);
  } catch (err) {
    // A concurrent invitation of the same person (account_holders_current).
    if (sqlState(err) === UNIQUE_VIOLATION) throw conflict('This person is already invited to this account');
    throw err;
  }
}

/** POST /accounts/{id}/holders: an invitation to an existing customer; the answer names them as a payee is named. */
export async function inviteHolder(app: FastifyInstance, customerId: string, accountId: string, input: HolderInvitationInput, actor: Actor) {
  return withTransaction(app.db, async (m) => {
    const account = await resolveAccount(m, customerId, accountId, 'manage', true);
    assertShareable(account);
    const invitee = await q.inviteeByNumber(m, input.accountNumber);
    if (!invitee) throw inviteeNotFound();
    if (invitee.id === customerId) throw badRequest('You cannot invite yourself', { accountNumber: 'You cannot invite yourself' });
    if (invitee.id === account.customer_id) throw conflict(`${shownName(invitee)} owns this account`);
    const held = await q.currentHolding(m, account.id, invitee.id);
    if (held) throw conflict(held.status === 'invited' ? `${shownName(invitee)} is already invited to this account` : `${shownName(invitee)} already holds this account`);
    const role = input.role as 'joint' | 'dependant';
    const limitMinor = role === 'dependant' ? limitIn(input.dailyLimit, account.currency) : null;
    const created = await insertInvitation(m, { accountId: account.id, customerId: invitee.id, role, dailyLimitMinor: limitMinor, invitedBy: customerId });
    const dailyLimit = limitMinor === null ? null : minorToDecimal(limitMinor, account.currency);
    await recordAudit(m, actor, { action: 'account_holder.invite', targetType: AUDIT_TARGET, targetId: created.id, details: { accountId: account.id, customerId: invitee.id, role, dailyLimit } });

    const p = await partiesOf(m, { owner: account.customer_id, actor: customerId, holder: invitee.id });
    const about = { account: accountLabel(account), role: roleText(role, limitMinor, account.currency) };
    await mailEach(app, m, [p.holder], 'holderInvited', (r) => ({ firstName: r.first_name, inviter: shownName(p.actor), ...about }));
    const others = p.everyone.filter((r) => r.id !== invitee.id);
    await mailEach(app, m, others, 'holderInvitationSent', (r) => ({ firstName: r.first_name, inviter: nameFor(r, p.actor), invitee: shownName(invitee), ...about }));
    return { id: created.id, name: shownName(invitee), role, status: 'invited' as const, dailyLimit, invitedAt: new Date(created.created_at).toISOString() };
  });
}

/** GET /accounts/invitations: what waits for the caller's answer. */
export async function invitationsOf(db: Queryable, customerId: string): Promise<InvitationDto[]> {
  return (await q.invitationsFor(db, customerId)).map(toInvitationDto);
}

/** POST /accounts/invitations/{id}/accept or decline: only the invitee answers; an account since closed cannot be joined. */
export async function answerInvitation(app: FastifyInstance, customerId: string, invitationId: string, accept: boolean, actor: Actor): Promise<InvitationDto> {
  return withTransaction(app.db, async (m) => {
    const invitation = await q.invitationFor(m, customerId, invitationId);
    if (!invitation) throw invitationNotFound();
    if (accept && ['closed', 'rejected'].includes(invitation.account_status)) throw conflict('This account is closed');
    await q.answerInvitation(m, invitation.id, accept ? 'active' : 'declined');
    await recordAudit(m, actor, {
      action: accept ? 'account_holder.accept' : 'account_holder.decline',
      targetType: AUDIT_TARGET,
      targetId: invitation.id,
      details: { accountId: invitation.account_id, customerId, role: invitation.role },
    });
    const p = await partiesOf(m, { owner: invitation.account_owner_id, actor: invitation.invited_by, holder: customerId });
    const account = accountLabel({ name: invitation.account_name, number: invitation.account_number });
    const role = roleText(invitation.role, invitation.daily_limit_minor, invitation.currency);
    await mailEach(app, m, p.everyone, 'holderInvitationAnswered', (r) => ({ firstName: r.first_name, holder: nameFor(r, p.holder), account, role, accepted: accept }));
    return toInvitationDto(invitation);
  });
}

/** GET /accounts/{id}/holders: any holder sees the owner and the current holders. */
export async function holdersOf(db: Queryable, customerId: string, accountId: string): Promise<HolderDto[]> {
  const account = await resolveAccount(db, customerId, accountId, 'view');
  return (await q.holdersOfAccount(db, account.id)).map((row) => toHolderDto(row, customerId, account.currency));
}

/** PATCH /accounts/{id}/holders/{holderId}: a dependant's daily limit, by the owner or a joint holder, effective at once. */
export async function changeDailyLimit(app: FastifyInstance, customerId: string, accountId: string, holderId: string, dailyLimit: string | number, actor: Actor): Promise<HolderDto> {
  return withTransaction(app.db, async (m) => {
    const account = await resolveAccount(m, customerId, accountId, 'manage', true);
    const holder = await q.currentHolder(m, account.id, holderId);
    if (!holder) throw holderNotFound();
    if (holder.role !== 'dependant') throw new AppError(400, 'Only a family member (dependant) has a daily limit', { dailyLimit: 'Only a family member (dependant) has a daily limit' });
    const limitMinor = limitIn(dailyLimit, account.currency);
    await q.setDailyLimit(m, holder.id, limitMinor);
    const before = minorToDecimal(holder.daily_limit_minor ?? 0, account.currency);
    const after = minorToDecimal(limitMinor, account.currency);
    await recordAudit(m, actor, {
      action: 'account_holder.limit_change',
      targetType: AUDIT_TARGET,
      targetId: holder.id,
      details: { accountId: account.id, customerId: holder.customer_id, before, after },
    });

    const p = await partiesOf(m, { owner: account.customer_id, actor: customerId, holder: holder.customer_id });
    const limit = formatMoney(limitMinor, account.currency);
    await mailEach(app, m, p.everyone, 'holderLimitChanged', (r) => ({
      firstName: r.first_name,
      by: nameFor(r, p.actor),
      whose: r.id === p.holder.id ? 'your' : `${shownName(p.holder)}'s`,
      account: accountLabel(account),
      limit,
    }));
    const [updated] = (await q.holdersOfAccount(m, account.id)).filter((row) => row.id === holder.id);
    return toHolderDto(updated, customerId, account.currency);
  });
}

/**
 * DELETE /accounts/{id}/holders/{holderId}: the owner or a joint holder removes a holder (or withdraws an
 * invitation); any holder may remove themselves (leave). The owner is no holder row, so nobody can remove them here.
 */
export async function removeHolderFrom(app: FastifyInstance, customerId: string, accountId: string, holderId: string, actor: Actor): Promise<{ left: boolean }> {
  return withTransaction(app.db, async (m) => {
    const account = await resolveAccount(m, customerId, accountId, 'view', true);
    const holder = await q.currentHolder(m, account.id, holderId);
    if (!holder) throw holderNotFound();
    const left = holder.customer_id === customerId;
    const refusal = left ? null : refusalFor(account.role, account.status, 'manage');
    if (refusal !== null) throw new AppError(403, refusal, undefined, 'account_refused');
    await q.removeHolder(m, holder.id);
    await recordAudit(m, actor, {
      action: left ? 'account_holder.leave' : 'account_holder.remove',
      targetType: AUDIT_TARGET,
      targetId: holder.id,
      details: { accountId: account.id, customerId: holder.customer_id, role: holder.role, status: holder.status },
    });
    const p = await partiesOf(m, { owner: account.customer_id, actor: customerId, holder: holder.customer_id });
    await mailEach(app, m, p.everyone, 'holderRemoved', (r) => ({ firstName: r.first_name, by: nameFor(r, p.actor), holder: nameFor(r, p.holder, !left), account: accountLabel(account), left }));
    return { left };
  });
}
