// Term deposits (docs/decisions/0063-interest.md) as the pages read them, and the calls that open, renew and withdraw
// them: one file, so that the pages name no URL. Shapes come from the API's contract (shared/src/api/schema.ts).
import type { ApiPaths } from '@strongroom/shared';
import { api, idempotent, type RequestBody } from '../../api/client';

type Answer<Op, Status extends number = 200> = Op extends { responses: { [S in Status]: { content: { 'application/json': infer Body } } } } ? Body : never;

export type DepositDto = Answer<ApiPaths['/v1/deposits']['get']>['deposits'][number];
export type DepositQuoteDto = Answer<ApiPaths['/v1/deposits/quote']['post']>;
export type WithdrawalQuoteDto = Answer<ApiPaths['/v1/deposits/{id}/withdrawal-quote']['post']>;
export type WithdrawalDto = Answer<ApiPaths['/v1/deposits/{id}/withdraw']['post']>;
export type QuoteBody = RequestBody<'/v1/deposits/quote', 'post'>;

const pathId = (id: string) => ({ path: { id } });

export async function listDeposits(signal?: AbortSignal): Promise<DepositDto[]> {
  return (await api.GET('/v1/deposits', { signal })).deposits;
}

export async function quoteDeposit(body: QuoteBody): Promise<DepositQuoteDto> {
  return api.POST('/v1/deposits/quote', { body });
}

export async function openDeposit(body: QuoteBody, pin: string, key: string): Promise<DepositDto> {
  return (await api.POST('/v1/deposits', { body: { ...body, pin }, headers: idempotent(key) })).deposit;
}

export async function setRenewal(id: string, renew: boolean): Promise<DepositDto> {
  return (await api.PATCH('/v1/deposits/{id}', { params: pathId(id), body: { renew } })).deposit;
}

export async function withdrawalQuote(id: string): Promise<WithdrawalQuoteDto> {
  return api.POST('/v1/deposits/{id}/withdrawal-quote', { params: pathId(id) });
}

export async function withdrawDeposit(id: string, pin: string, key: string): Promise<WithdrawalDto> {
  return api.POST('/v1/deposits/{id}/withdraw', { params: pathId(id), body: { pin }, headers: idempotent(key) });
}
