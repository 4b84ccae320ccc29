import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './http';

const base = simpleRestProvider('/v1/admin', httpClient);

export type DecisionResource = 'customers' | 'transactions' | 'cheques';

const DECISION_PATHS: Record<DecisionResource, (id: string) => string> = {
  customers: (id) => `/v1/admin/customers/${id}`,
  transactions: (id) => `/v1/transaction/${id}`,
  cheques: (id) => `/v1/cheque/${id}`,
};
export interface ActionResult {
  success: boolean;
  message: string;
  /** A four-eyes approval that waits for a second admin. */
  awaitingSecondApproval?: boolean;
}

/** ra-data-simple-rest over /v1/admin, plus the review actions (approve, reject with a reason) and incoming payments. */
export const dataProvider = {
  ...base,
  async decide(resource: DecisionResource, id: string, decision: 'approve' | 'reject', reason?: string): Promise<ActionResult> {
    const path = encodeURIComponent(id);
    const url = `${DECISION_PATHS[resource](path)}/${decision}`;
    const headers = new Headers({ Accept: 'application/json' });
    // Settlement is a money-moving call: one key per click, so a network retry of the same click is answered once.
    if (resource === 'transactions') headers.set('Idempotency-Key', crypto.randomUUID());
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
