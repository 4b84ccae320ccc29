// The accounts a customer holds (docs/decisions/0062-accounts.md), as the pages read them, and the calls that change
// them: one file, so that the pages name no URL. Shapes come from the API's contract (shared/src/api/schema.ts).
import type { ApiPaths } from '@strongroom/shared';
import { OPENABLE_ACCOUNT_PRODUCTS, type OpenableAccountProduct } from '@strongroom/shared';
import { api, idempotent, type RequestBody } from '../../api/client';

/** What a route answers with the given status, as its contract declares it. */
type Answer<Op, Status extends number = 200> = Op extends { responses: { [S in Status]: { content: { 'application/json': infer Body } } } } ? Body : never;

export type AccountDto = Answer<ApiPaths['/v1/accounts']['get']>['items'][number];
export type AccountRole = AccountDto['role'];
export type AccountDetailDto = Answer<ApiPaths['/v1/accounts/{id}']['get']>['account'];
export type PaymentDetailsDto = AccountDetailDto['paymentDetails'];
export type HolderDto = Answer<ApiPaths['/v1/accounts/{id}/holders']['get']>['items'][number];
export type InvitationDto = Answer<ApiPaths['/v1/accounts/invitations']['get']>['items'][number];
export type OwnQuoteDto = Answer<ApiPaths['/v1/transfer/quote']['get']>;
export type InviteBody = RequestBody<'/v1/accounts/{id}/holders', 'post'>;

export const OPENABLE_PRODUCTS = OPENABLE_ACCOUNT_PRODUCTS;
export type OpenableProduct = OpenableAccountProduct;

const pathId = (id: string) => ({ path: { id } });

export async function listAccounts(signal?: AbortSignal): Promise<AccountDto[]> {
  return (await api.GET('/v1/accounts', { signal })).items;
}

export async function getAccount(id: string, signal?: AbortSignal): Promise<AccountDetailDto> {
  return (await api.GET('/v1/accounts/{id}', { params: pathId(id), signal })).account;
}

export async function openAccount(body: RequestBody<'/v1/accounts', 'post'>, key: string): Promise<AccountDto> {
  return (await api.POST('/v1/accounts', { body, headers: idempotent(key) })).account;
}

export async function renameAccount(id: string, name: string): Promise<void> {
  await api.PATCH('/v1/accounts/{id}', { params: pathId(id), body: { name } });
}

export async function closeAccount(id: string, sweepToAccountId?: string): Promise<string> {
  return (await api.POST('/v1/accounts/{id}/close', { params: pathId(id), body: sweepToAccountId ? { sweepToAccountId } : {} })).message;
}

export async function listHolders(id: string, signal?: AbortSignal): Promise<HolderDto[]> {
  return (await api.GET('/v1/accounts/{id}/holders', { params: pathId(id), signal })).items;
}

export async function inviteHolder(id: string, body: InviteBody): Promise<string> {
  return (await api.POST('/v1/accounts/{id}/holders', { params: pathId(id), body })).message;
}

export async function setHolderLimit(id: string, holderId: string, dailyLimit: string): Promise<void> {
  await api.PATCH('/v1/accounts/{id}/holders/{holderId}', { params: { path: { id, holderId } }, body: { dailyLimit } });
}

export async function removeHolder(id: string, holderId: string): Promise<void> {
  await api.DELETE('/v1/accounts/{id}/holders/{holderId}', { params: { path: { id, holderId } } });
}

export async function listInvitations(signal?: AbortSignal): Promise<InvitationDto[]> {
  return (await api.GET('/v1/accounts/invitations', { signal })).items;
}

export async function answerInvitation(id: string, answer: 'accept' | 'decline'): Promise<string> {
  const init = { params: pathId(id) };
  const res = answer === 'accept' ? await api.POST('/v1/accounts/invitations/{id}/accept', init) : await api.POST('/v1/accounts/invitations/{id}/decline', init);
  return res.message;
}

export async function quoteOwnTransfer(query: { fromAccountId: string; toAccountId: string; amount: string }, signal?: AbortSignal): Promise<OwnQuoteDto> {
  return api.GET('/v1/transfer/quote', { params: { query: { type: 'own', ...query } }, signal });
}

export async function moveOwnMoney(body: RequestBody<'/v1/transfer/own', 'post'>, key: string): Promise<string> {
  return (await api.POST('/v1/transfer/own', { body, headers: idempotent(key) })).message;
}
