import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './http';

const base = simpleRestProvider('/v1/admin', httpClient);

export type DecisionResource = 'customers' | 'transactions' | 'cards';
export interface ActionResult {
  success: boolean;
  message: string;
}

/** ra-data-simple-rest over /v1/admin, plus the review actions (approve, reject with a reason) and incoming payments. */
export const dataProvider = {
  ...base,
  async decide(resource: DecisionResource, id: string, decision: 'approve' | 'reject', reason?: string): Promise<ActionResult> {
    const path = encodeURIComponent(id);
    const url = resource === 'customers' ? `/v1/admin/customers/${path}/${decision}` : resource === 'cards' ? `/v1/card/${path}/${decision}` : `/v1/transaction/${path}/${decision}`;
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
/** A card action with a body (block with its reason) or without (freeze, unfreeze). */
export async function cardAction(id: string, action: 'block' | 'freeze' | 'unfreeze', body: Record<string, string> = {}): Promise<ActionResult> {
  const { json } = await httpClient(`/v1/admin/cards/${encodeURIComponent(id)}/${action}`, { method: 'PATCH', body: JSON.stringify(body) });
  return json as ActionResult;
}

/** The card network interface, as the console's "Post a card payment" calls it (a staff admin session). */
export async function networkCall<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Idempotency-Key': crypto.randomUUID() });
  const { json } = await httpClient(`/v1/network/card-authorisations${path}`, { method: 'POST', body: JSON.stringify(body), headers });
  return json as T;
}
export type StrongroomDataProvider = typeof dataProvider;
