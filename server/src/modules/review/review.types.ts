import type { EntityManager } from 'typeorm';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../common/actor';
import type { SendMailInput, TemplateName } from '../mail';

export type Decision = 'approve' | 'reject';

/** The status every four-eyes item waits in between the first and the second admin's approval. */
export const AWAITING_SECOND_APPROVAL = 'awaiting_second_approval';

/** What the review queue needs to know of any item it decides. */
export interface ReviewItem {
  id: string;
  status: string;
  /** The customer the request belongs to (mail, ownership). */
  customerId: string;
  /** New money an approval credits to the customer, in `currency` minor units: above the threshold needs two admins. */
  creditMinor?: bigint | null;
  currency?: string | null;
}

export interface DecisionContext {
  app: FastifyInstance;
  actor: Actor;
  reason?: string;
  now: Date;
}

/** The customer's e-mail about a decision; sent when they want transaction alerts, or always for `always`. */
/** A notice of one template: its data without `firstName`, which the queue adds from the customer's row. */
export interface NoticeOf<T extends TemplateName> {
  template: T;
  data: Omit<SendMailInput<T>['data'], 'firstName'>;
  always?: boolean;
}
export type DecisionNotice = { [T in TemplateName]: NoticeOf<T> }[TemplateName];

/**
 * One product on the staff review queue (docs/adding-a-product.md). The queue owns the rules (which states can
 * be decided, idempotency, roles, four eyes, history, audit, mail); a kind says how to find its item and what
 * approving or rejecting it does, in the transaction the queue opens.
 */
export interface ReviewKind<T extends ReviewItem> {
  /** status_events.subject_type and the audit log's target type, e.g. 'cheque'. */
  subjectType: string;
  /** How messages name it: 'cheque', 'loan application'. */
  noun: string;
  /** States a decision may start from (AWAITING_SECOND_APPROVAL is added for four-eyes items). */
  pendingStatuses: readonly string[];
  /** The item's final states, for answering a repeated decision and refusing a contrary one. */
  approvedStatus: string;
  rejectedStatus: string;
  /** The item locked FOR UPDATE, or null. */
  load(m: EntityManager, id: string): Promise<T | null>;
  /** Moves the money (postJournal) and any fields of its own; the queue then sets the final status with setStatus. */
  approve(m: EntityManager, item: T, ctx: DecisionContext): Promise<void>;
  reject(m: EntityManager, item: T, ctx: DecisionContext): Promise<void>;
  /** Writes a status the queue decided (the final one, or awaiting_second_approval) and its reason to the item's own row. */
  setStatus(m: EntityManager, item: T, status: string, reason: string | null): Promise<void>;
  notice?(item: T, decision: Decision, reason: string | undefined): DecisionNotice | null;
  /** The answer's wording; defaults to 'Cheque approved' / 'Cheque rejected'. */
  message?(decision: Decision, item: T): string;
}

export interface DecisionResult {
  status: string;
  message: string;
  awaitingSecondApproval: boolean;
}
