import assert from 'node:assert';
import type { FastifyInstance } from 'fastify';
import type { EntityManager } from 'typeorm';
import { parseAmountToMinor } from '@strongroom/shared';
import type { Actor } from '../../common/actor';
import { withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit';
import { enqueueMail, type SendMailInput, type TemplateName } from '../mail';
import { firstApprover, recordStatusEvent, noticeRecipient } from './status-events.queries';
import { AWAITING_SECOND_APPROVAL, type Decision, type DecisionNotice, type DecisionResult, type NoticeOf, type ReviewItem, type ReviewKind } from './review.types';
import * as errors from './review.errors';

export interface DecideInput {
  id: string;
  decision: Decision;
  reason?: string;
  actor: Actor;
}

const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

function messageOf<T extends ReviewItem>(kind: ReviewKind<T>, decision: Decision, item: T): string {
  return kind.message?.(decision, item) ?? `${capitalised(kind.noun)} ${decision === 'approve' ? 'approved' : 'rejected'}`;
}

/** Whether approving `item` credits its customer more than one admin may (docs/decisions/0003-four-eyes.md). */
function needsSecondApproval(app: FastifyInstance, item: ReviewItem): boolean {
  if (!item.creditMinor || !item.currency) return false;
  return item.creditMinor > parseAmountToMinor(app.config.fourEyesThreshold, item.currency);
}

/** The customer's e-mail about the decision, queued in the decision's transaction. */
async function queueNotice(app: FastifyInstance, m: EntityManager, customerId: string, notice: DecisionNotice): Promise<void> {
  const customer = await noticeRecipient(m, customerId);
  if (!customer || (!notice.always && !customer.notification_preferences?.transactionAlerts)) return;
  await enqueueMail(app, m, { to: customer.email, template: notice.template, data: withFirstName(notice, customer.first_name), customerId });
}

/** The template's data with the customer's first name added (the one field every notice leaves to the queue). */
function withFirstName<T extends TemplateName>(notice: NoticeOf<T>, firstName: string): SendMailInput<T>['data'] {
  return { firstName, ...notice.data } as SendMailInput<T>['data'];
}

/**
 * The one decision function of the staff review queue, for every product. Rules: admins only; only from a
 * pending state; the same decision again answers as the first did; a contrary decision on a decided item is a
 * 409; an approval crediting more than the four-eyes threshold waits for a second, different admin; every
 * change is a status event and an audit entry, and any money moves through the ledger in the same transaction.
 */
export async function decideIn<T extends ReviewItem>(m: EntityManager, app: FastifyInstance, kind: ReviewKind<T>, input: DecideInput): Promise<DecisionResult> {
  const { actor, decision } = input;
  if (actor.type !== 'staff' || actor.role !== 'admin') throw errors.adminOnly();
  const reason = decision === 'reject' ? input.reason?.trim() : undefined;
  if (decision === 'reject' && !reason) throw errors.reasonRequired();

  const item = await kind.load(m, input.id);
  if (!item) throw errors.itemNotFound(kind.noun);
  if (item.status === kind.approvedStatus || item.status === kind.rejectedStatus) {
    const outcome: Decision = item.status === kind.approvedStatus ? 'approve' : 'reject';
    if (outcome !== decision) throw errors.alreadyDecided(kind.noun, outcome === 'approve' ? 'approved' : 'rejected');
    return { status: item.status, message: messageOf(kind, decision, item), awaitingSecondApproval: false };
  }
  const awaitingSecond = item.status === AWAITING_SECOND_APPROVAL;
  if (!awaitingSecond && !kind.pendingStatuses.includes(item.status)) throw errors.notDecidable(kind.noun, item.status);
  if (awaitingSecond && decision === 'approve') {
    const first = await firstApprover(m, kind.subjectType, item.id);
    if (first?.id === actor.id) throw errors.secondApproverMustDiffer(kind.noun);
  }

  const subject = { subjectType: kind.subjectType, subjectId: item.id, from: item.status, actor };
  if (decision === 'approve' && !awaitingSecond && needsSecondApproval(app, item)) {
    await kind.setStatus(m, item, AWAITING_SECOND_APPROVAL, null);
    await recordStatusEvent(m, { ...subject, to: AWAITING_SECOND_APPROVAL });
    await recordAudit(m, actor, { action: `${kind.subjectType}.first_approval`, targetType: kind.subjectType, targetId: item.id });
    return { status: AWAITING_SECOND_APPROVAL, message: `First approval recorded. A second admin must approve this ${kind.noun}.`, awaitingSecondApproval: true };
  }

  const context = { app, actor, reason, now: app.clock.now() };
  if (decision === 'approve') await kind.approve(m, item, context);
  else await kind.reject(m, item, context);
  const finalStatus = decision === 'approve' ? kind.approvedStatus : kind.rejectedStatus;
  await kind.setStatus(m, item, finalStatus, reason ?? null);
  await recordStatusEvent(m, { ...subject, to: finalStatus, reason });
  await recordAudit(m, actor, { action: `${kind.subjectType}.${decision}`, targetType: kind.subjectType, targetId: item.id, reason });
  const notice = kind.notice?.(item, decision, reason);
  if (notice) await queueNotice(app, m, item.customerId, notice);
  assert(finalStatus !== AWAITING_SECOND_APPROVAL, 'a decided item leaves the four-eyes state');
  return { status: finalStatus, message: messageOf(kind, decision, item), awaitingSecondApproval: false };
}

/** `decideIn` in a transaction of its own (retried on serialization failures and deadlocks). */
export function decide<T extends ReviewItem>(app: FastifyInstance, kind: ReviewKind<T>, input: DecideInput): Promise<DecisionResult> {
  return withTransaction(app.db, (m) => decideIn(m, app, kind, input));
}
