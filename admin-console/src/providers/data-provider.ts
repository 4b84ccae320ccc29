import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './http';

const base = simpleRestProvider('/v1/admin', httpClient);
/** Resources whose staff list lives at the spec's /v1/<thing> rather than under /v1/admin. */
const specLists: Record<string, string> = { loans: 'loan' };
const spec = simpleRestProvider('/v1', httpClient);

export type DecisionResource = 'customers' | 'transactions' | 'loans';

const DECISION_URLS: Record<DecisionResource, (id: string, decision: string) => string> = {
  customers: (id, decision) => `/v1/admin/customers/${id}/${decision}`,
  transactions: (id, decision) => `/v1/transaction/${id}/${decision}`,
  loans: (id, decision) => `/v1/loan/${id}/${decision}`,
};
export interface ActionResult {
  success: boolean;
  message: string;
}

/** ra-data-simple-rest over /v1/admin, plus the review actions (approve, reject with a reason) and incoming payments. */
export const dataProvider = {
  ...base,
  getList: ((resource, params) => (specLists[resource] ? spec.getList(specLists[resource], params) : base.getList(resource, params))) as typeof base.getList,
  async decide(resource: DecisionResource, id: string, decision: 'approve' | 'reject', reason?: string): Promise<ActionResult> {
    const url = DECISION_URLS[resource](encodeURIComponent(id), decision);
    const headers = new Headers({ Accept: 'application/json' });
    // Settlement is a money-moving call: one key per click, so a network retry of the same click is answered once.
    if (resource === 'transactions') headers.set('Idempotency-Key', crypto.randomUUID());
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
export type StrongroomDataProvider = typeof dataProvider;
