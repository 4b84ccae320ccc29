import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './http';

const base = simpleRestProvider('/v1/admin', httpClient);

/** Where each review queue takes its decisions (PATCH <path>/<id>/approve | reject). */
export const DECISION_PATHS = {
  customers: '/v1/admin/customers',
  transactions: '/v1/transaction',
  'incoming-payments': '/v1/admin/incoming-payments',
} as const;
export type DecisionResource = keyof typeof DECISION_PATHS;
export interface ActionResult {
  success: boolean;
  message: string;
}

/** ra-data-simple-rest over /v1/admin, plus the review actions (approve, reject with a reason) and incoming payments. */
export const dataProvider = {
  ...base,
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
    headers.set('Idempotency-Key', crypto.randomUUID());
    const { json } = await httpClient(url, { method: 'PATCH', body: JSON.stringify(decision === 'reject' ? { reason } : {}), headers });
    return json as ActionResult;
  },
  /** Credits a payment received from the settlement network; the network reference is the idempotency key. */
  async postIncoming(body: Record<string, string>): Promise<ActionResult> {
    const headers = new Headers({ Accept: 'application/json', 'Idempotency-Key': body.reference });
    const { json } = await httpClient('/v1/admin/incoming-transfers', { method: 'POST', body: JSON.stringify(body), headers });
    return json as ActionResult;
  },
};
export type StrongroomDataProvider = typeof dataProvider;
