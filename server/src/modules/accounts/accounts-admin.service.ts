import type { FastifyInstance } from 'fastify';
import { minorToDecimal } from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { conflict } from '../../common/app-error';
import { isoTimestamp } from '../../common/timestamps';
import { withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit';
import { enqueueMail } from '../mail';
import { recordStatusEvent, timeline } from '../review';
import { toTransactionDto } from '../transactions';
import * as q from './accounts-admin.queries';
import { accountById, type AccountRow, type HeldAccountRow } from './accounts.queries';
import { accountNotFound } from './accounts.service';
import { setAccountStatus } from './account-views.queries';

/** An account as the console lists it. */
export function toAdminAccountItem(a: AccountRow & { owner_name: string }) {
  return {
    id: a.id,
    number: a.number,
    name: a.name,
    product: a.product,
    currency: a.currency,
    status: a.status,
    statusReason: a.status_reason,
    isPrimary: a.is_primary,
    ownerId: a.customer_id,
    ownerName: a.owner_name,
    balance: minorToDecimal(a.balance_minor, a.currency),
    openedAt: a.opened_at ? isoTimestamp(a.opened_at) : null,
    createdAt: isoTimestamp(a.created_at),
  };
}

/** An account a customer holds, for their page in the console: the list's fields and their role on it. */
export function toCustomerAccount(a: HeldAccountRow, ownerName: string) {
  return { ...toAdminAccountItem({ ...a, owner_name: ownerName }), role: a.role };
}

/** One account for staff: owner, current holders, money on hold, its latest history and its status history. */
export async function adminAccountDetail(app: FastifyInstance, accountId: string) {
  const a = await q.adminAccount(app.db, accountId);
  if (!a) throw accountNotFound();
  const [holders, holds, history, events] = await Promise.all([
    q.currentHolders(app.db, a.id),
    q.pendingHolds(app.db, a.id),
    q.latestTransactions(app.db, a.customer_id, a.ledger_account_id),
    timeline(app.db, 'account', a.id),
  ]);
  const money = (minor: string | null) => (minor === null ? null : minorToDecimal(minor, a.currency));
  return {
    ...toAdminAccountItem(a),
    closedAt: a.closed_at ? isoTimestamp(a.closed_at) : null,
    owner: { id: a.customer_id, name: a.owner_name, accountNumber: a.owner_account_number, email: a.owner_email, status: a.owner_status },
    holders: holders.map((h) => ({
      id: h.id,
      customerId: h.customer_id,
      name: h.name,
      accountNumber: h.account_number,
      role: h.role,
      status: h.status,
      dailyLimit: money(h.daily_limit_minor),
      spentToday: money(h.spent_today_minor),
      since: isoTimestamp(h.created_at),
    })),
    held: minorToDecimal(holds[0]?.total_minor ?? '0', a.currency),
    holds: holds.map((h) => ({ id: h.id, kind: h.kind, amount: minorToDecimal(h.held_minor, h.currency), createdAt: isoTimestamp(h.created_at) })),
    transactions: history.map(toTransactionDto),
    timeline: events,
  };
}

const STATUS_CHANGE = {
  freeze: { from: 'active', to: 'frozen', audit: 'account.frozen_by_staff', refusal: 'Only an active account can be frozen', done: 'Account frozen' },
  unfreeze: { from: 'frozen', to: 'active', audit: 'account.unfrozen_by_staff', refusal: 'Only a frozen account can be unfrozen', done: 'Account unfrozen' },
} as const;

/**
 * Staff freeze an active account (money can still come in; none can leave: account-roles.ts) or unfreeze a frozen
 * one, with a reason: the status, its history, the audit log and the owner's e-mail commit together. A repeated or
 * contrary request finds the account in another status and is refused (409), so each change is recorded once.
 */
export async function changeAccountStatus(app: FastifyInstance, accountId: string, action: keyof typeof STATUS_CHANGE, reason: string, actor: Actor) {
  const change = STATUS_CHANGE[action];
  return withTransaction(app.db, async (m) => {
    const account = await accountById(m, accountId, true);
    if (!account) throw accountNotFound();
    if (account.status !== change.from) throw conflict(change.refusal);
    await setAccountStatus(m, account.id, change.to, reason);
    await recordStatusEvent(m, { subjectType: 'account', subjectId: account.id, from: change.from, to: change.to, actor, reason });
    await recordAudit(m, actor, { action: change.audit, targetType: 'account', targetId: account.id, reason, details: { number: account.number, customerId: account.customer_id } });
    const owner = await q.accountOwnerContact(m, account.customer_id);
    if (owner) {
      const data = { firstName: owner.first_name, accountName: account.name, accountNumber: account.number, reason };
      await enqueueMail(
        app,
        m,
        action === 'freeze'
          ? { to: owner.email, template: 'accountFrozen', data, customerId: account.customer_id }
          : { to: owner.email, template: 'accountUnfrozen', data, customerId: account.customer_id },
      );
    }
    return { message: change.done, account: { id: account.id, status: change.to, statusReason: reason } };
  });
}
