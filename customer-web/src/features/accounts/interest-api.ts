// What an account earns (GET /v1/accounts/{id}/interest, docs/decisions/0063-interest.md), as the account's page
// reads it. Shapes come from the API's contract (shared/src/api/schema.ts).
import type { ApiPaths } from '@strongroom/shared';
import { api } from '../../api/client';

export type AccountInterestDto = ApiPaths['/v1/accounts/{id}/interest']['get']['responses'][200]['content']['application/json']['interest'];
export type RateBandDto = NonNullable<AccountInterestDto['rates']>[number];

export async function getAccountInterest(id: string, signal?: AbortSignal): Promise<AccountInterestDto> {
  return (await api.GET('/v1/accounts/{id}/interest', { params: { path: { id } }, signal })).interest;
}
