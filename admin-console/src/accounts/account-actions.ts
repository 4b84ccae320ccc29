import { api } from '../providers/api';

/** Freeze or unfreeze an account with the reason staff give (the owner reads it in their e-mail); admins only. */
export function changeAccountStatus(id: string, action: 'freeze' | 'unfreeze', reason: string) {
  const init = { params: { path: { id } }, body: { reason } };
  return action === 'freeze' ? api.POST('/v1/admin/accounts/{id}/freeze', init) : api.POST('/v1/admin/accounts/{id}/unfreeze', init);
}

/** The accounts a customer holds: their own, then the ones shared with them, with their role. */
export async function customerAccounts(customerId: string) {
  return (await api.GET('/v1/admin/customers/{id}/accounts', { params: { path: { id: customerId } } })).accounts;
}
