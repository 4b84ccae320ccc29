import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './http';

const base = simpleRestProvider('/v1/admin', httpClient);

/** ra-data-simple-rest over /v1/admin, plus the review actions (approve, reject with a reason). */
export const dataProvider = {
  ...base,
  async decide(resource: 'customers' | 'transactions', id: string, decision: 'approve' | 'reject', reason?: string) {
    const url = resource === 'customers' ? `/v1/admin/customers/${id}/${decision}` : `/v1/transaction/${id}/${decision}`;
    const headers = resource === 'transactions' ? { 'Idempotency-Key': crypto.randomUUID() } : undefined;
    const { json } = await httpClient(url, { method: 'PATCH', body: JSON.stringify(decision === 'reject' ? { reason } : {}), headers: headers ? new Headers({ Accept: 'application/json', ...headers }) : undefined });
    return json as { success: boolean; message: string };
  },
  async postIncoming(body: Record<string, string>) {
    const { json } = await httpClient('/v1/admin/incoming-transfers', { method: 'POST', body: JSON.stringify(body) });
    return json as { success: boolean; message: string };
  },
};
export type StrongroomDataProvider = typeof dataProvider;
