import simpleRestProvider from 'ra-data-simple-rest';
import { newIdempotencyKey } from '@strongroom/shared';
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
} as const;
export type DecisionResource = keyof typeof DECISION_PATHS;
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
    const { json } = await httpClient('/v1/admin/review-queue');
    return (json as { queues: { resource: string; label: string; pending: number }[] }).queues;
  },
  async decide(resource: DecisionResource, id: string, decision: 'approve' | 'reject', reason?: string): Promise<ActionResult> {
    const path = encodeURIComponent(id);
    const url = `${DECISION_PATHS[resource]}/${path}/${decision}`;
    const headers = new Headers({ Accept: 'application/json' });
    // Decisions move money: one key per click, so a network retry of the same click is answered once.
    headers.set('Idempotency-Key', newIdempotencyKey());
    const { json } = await httpClient(url, { method: 'PATCH', body: JSON.stringify(decision === 'reject' ? { reason } : {}), headers });
    return json as ActionResult;
  },
  /** Takes a pending loan application into review (a status change, no money). */
  async startLoanReview(id: string): Promise<ActionResult> {
    const { json } = await httpClient(`/v1/loan/${encodeURIComponent(id)}/review`, { method: 'PATCH', body: '{}', headers: new Headers({ Accept: 'application/json' }) });
    return json as ActionResult;
  },
  /** Credits a payment received from the settlement network; the network reference is the idempotency key. */
  async postIncoming(body: Record<string, string>): Promise<ActionResult> {
    const headers = new Headers({ Accept: 'application/json', 'Idempotency-Key': body.reference });
    const { json } = await httpClient('/v1/admin/incoming-transfers', { method: 'POST', body: JSON.stringify(body), headers });
    return json as ActionResult;
  },
};
/** A card action with a body (block with its reason) or without (freeze, unfreeze). */
export async function cardAction(id: string, action: 'block' | 'freeze' | 'unfreeze', body: Record<string, string> = {}): Promise<ActionResult> {
  const { json } = await httpClient(`/v1/admin/cards/${encodeURIComponent(id)}/${action}`, { method: 'PATCH', body: JSON.stringify(body) });
  return json as ActionResult;
}

/** The card network interface, as the console's "Post a card payment" calls it (a staff admin session). */
export async function networkCall<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Idempotency-Key': newIdempotencyKey() });
  const { json } = await httpClient(`/v1/network/card-authorisations${path}`, { method: 'POST', body: JSON.stringify(body), headers });
  return json as T;
}
export type StrongroomDataProvider = typeof dataProvider;
