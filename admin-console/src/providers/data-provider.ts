import simpleRestProvider from 'ra-data-simple-rest';
import type { PathsWithMethod } from 'openapi-typescript-helpers';
import { newIdempotencyKey, type ApiPaths } from '@strongroom/shared';
import { api, idempotent, undeclared } from './api';
import { httpClient } from './http';

const base = simpleRestProvider('/v1/admin', httpClient);
/** Resources whose staff list lives at the spec's /v1/<thing> rather than under /v1/admin. */
const specLists: Record<string, string> = { loans: 'loan' };
const spec = simpleRestProvider('/v1', httpClient);

/** Where each review queue takes its decisions (PATCH <path>/<id>/approve | reject). */
export const DECISION_PATHS = {
  customers: '/v1/admin/customers',
  transactions: '/v1/transaction',
  cheques: '/v1/cheque',
  'incoming-payments': '/v1/admin/incoming-payments',
  loans: '/v1/loan',
  cards: '/v1/card',
  'crypto-requests': '/v1/crypto',
  accounts: '/v1/admin/accounts',
} as const;
export type DecisionResource = keyof typeof DECISION_PATHS;
type DecisionPath = `${(typeof DECISION_PATHS)[DecisionResource]}/{id}/${'approve' | 'reject'}`;
/** Every queue's decisions are PATCH routes of the API (a compile-time check of the table above). */
const decisionRoutesExist: DecisionPath extends PathsWithMethod<ApiPaths, 'patch'> ? true : never = true;
void decisionRoutesExist;
export interface ActionResult {
  success: boolean;
  message: string;
  /** A four-eyes approval that waits for a second admin. */
  awaitingSecondApproval?: boolean;
  /** The card as it now is (card actions). */
  card?: { frozen: boolean };
}

/** ra-data-simple-rest over /v1/admin, plus the review actions (approve, reject with a reason) and incoming payments. */
export const dataProvider = {
  ...base,
  getList: (async (resource, params) => {
    const result = await (specLists[resource] ? spec.getList(specLists[resource], params) : base.getList(resource, params));
    // A list too long to count (Content-Range ".../*") pages on without a total. The server leaves it unknown only
    // once it has counted a thousand rows past this page, so there is a next page.
    if (result.total !== undefined && Number.isNaN(result.total)) {
      return { data: result.data, pageInfo: { hasPreviousPage: (params.pagination?.page ?? 1) > 1, hasNextPage: true } };
    }
    return result;
  }) as typeof base.getList,
  /** What waits for a staff decision in each queue (the dashboard). */
  async reviewQueue(): Promise<{ resource: string; label: string; pending: number }[]> {
    return (await api.GET('/v1/admin/review-queue')).queues;
  },
  async decide(resource: DecisionResource, id: string, decision: 'approve' | 'reject', reason?: string): Promise<ActionResult> {
    const path = `${DECISION_PATHS[resource]}/{id}/${decision}` as DecisionPath;
    // Decisions move money: one key per click, so a network retry of the same click is answered once.
    const body = (decision === 'reject' ? { reason } : {}) as never;
    return undeclared<ActionResult>(await api.PATCH(path, { params: { path: { id } }, body, headers: idempotent(newIdempotencyKey()) }));
  },
  /** Takes a pending loan application into review (a status change, no money). */
  async startLoanReview(id: string): Promise<ActionResult> {
    return undeclared<ActionResult>(await api.PATCH('/v1/loan/{id}/review', { params: { path: { id } } }));
  },
  /** Credits a payment received from the settlement network; the network reference is the idempotency key. */
  async postIncoming(body: IncomingTransfer): Promise<ActionResult> {
    return undeclared<ActionResult>(await api.POST('/v1/admin/incoming-transfers', { body, headers: idempotent(body.reference) }));
  },
};
/** A payment received from the settlement network, as the incoming-transfers route declares it. */
export type IncomingTransfer = NonNullable<ApiPaths['/v1/admin/incoming-transfers']['post']['requestBody']>['content']['application/json'];

/** A card action with a body (block with its reason) or without (freeze, unfreeze). */
export async function cardAction(id: string, action: 'block' | 'freeze' | 'unfreeze', body: { reason?: string } = {}): Promise<ActionResult> {
  const params = { path: { id } };
  const answer =
    action === 'block'
      ? await api.PATCH('/v1/admin/cards/{id}/block', { params, body: body as never })
      : action === 'freeze'
        ? await api.PATCH('/v1/admin/cards/{id}/freeze', { params })
        : await api.PATCH('/v1/admin/cards/{id}/unfreeze', { params });
  return undeclared<ActionResult>(answer);
}
export type StrongroomDataProvider = typeof dataProvider;
