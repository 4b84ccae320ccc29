// The accounts a customer holds (docs/decisions/0062-accounts.md), as the pages read them, and the calls that change
// them. Kept in one file so that the pages name no URL and the shapes they read are written down once.
import { api, idempotent } from '../../api/client';

export type AccountRole = 'owner' | 'joint' | 'dependant';
export const OPENABLE_PRODUCTS = ['checking', 'savings', 'business'] as const;
export type OpenableProduct = (typeof OPENABLE_PRODUCTS)[number];

export interface AccountDto {
  id: string;
  number: string;
  name: string;
  product: string;
  currency: string;
  status: string;
  role: AccountRole;
  isPrimary: boolean;
  balance: string;
  availableBalance: string;
  /** A dependant's daily limit and what they spent of it today (null for the owner and joint holders). */
  dailyLimit?: string | null;
  spentToday?: string | null;
}

export interface HolderDto {
  id: string;
  name: string;
  accountNumber?: string | null;
  role: 'joint' | 'dependant';
  status?: string;
  dailyLimit?: string | null;
  spentToday?: string | null;
}

export interface PaymentDetailsDto {
  name: string;
  number: string;
  bank: string;
  currency: string;
  [extra: string]: string | null | undefined;
}

export interface AccountDetailDto extends AccountDto {
  paymentDetails?: PaymentDetailsDto;
  holders?: HolderDto[];
}

export interface InvitationDto {
  id: string;
  role: 'joint' | 'dependant';
  accountName?: string;
  accountNumber?: string;
  currency?: string;
  invitedBy?: string;
  dailyLimit?: string | null;
}

export interface OwnQuoteDto {
  amount: string;
  currency: string;
  rate: string;
  creditAmount: string;
  creditCurrency: string;
  pinRequired?: boolean;
}

/**
 * Calls by path string. The accounts routes are not in the generated contract (shared/src/api/schema.ts) yet; once
 * they are, these go through `api` typed by it and this cast goes.
 */
interface UntypedCalls {
  GET(path: string, init?: object): Promise<Record<string, unknown>>;
  POST(path: string, init?: object): Promise<Record<string, unknown>>;
  PATCH(path: string, init?: object): Promise<Record<string, unknown>>;
  DELETE(path: string, init?: object): Promise<Record<string, unknown>>;
}
const call = api as unknown as UntypedCalls;
const pathId = (id: string) => ({ params: { path: { id } } });

export async function listAccounts(signal?: AbortSignal): Promise<AccountDto[]> {
  return (await call.GET('/v1/accounts', { signal })).accounts as AccountDto[];
}

export async function getAccount(id: string, signal?: AbortSignal): Promise<AccountDetailDto> {
  return (await call.GET('/v1/accounts/{id}', { ...pathId(id), signal })).account as AccountDetailDto;
}

export async function openAccount(body: { product: OpenableProduct; currency: string; name?: string }): Promise<{ account: AccountDto; message: string }> {
  const res = await call.POST('/v1/accounts', { body });
  return { account: res.account as AccountDto, message: String(res.message ?? '') };
}

export async function renameAccount(id: string, name: string): Promise<AccountDto> {
  return (await call.PATCH('/v1/accounts/{id}', { ...pathId(id), body: { name } })).account as AccountDto;
}

export async function closeAccount(id: string, sweepToAccountId?: string): Promise<string> {
  const res = await call.POST('/v1/accounts/{id}/close', { ...pathId(id), body: sweepToAccountId ? { sweepToAccountId } : {} });
  return String(res.message ?? 'Account closed');
}

export async function listHolders(id: string): Promise<HolderDto[]> {
  return (await call.GET('/v1/accounts/{id}/holders', pathId(id))).holders as HolderDto[];
}

export async function inviteHolder(id: string, body: { accountNumber: string; role: 'joint' | 'dependant'; dailyLimit?: string }): Promise<string> {
  return String((await call.POST('/v1/accounts/{id}/holders', { ...pathId(id), body })).message ?? 'Invitation sent');
}

export async function setHolderLimit(id: string, holderId: string, dailyLimit: string): Promise<void> {
  await call.PATCH('/v1/accounts/{id}/holders/{holderId}', { params: { path: { id, holderId } }, body: { dailyLimit } });
}

export async function removeHolder(id: string, holderId: string): Promise<void> {
  await call.DELETE('/v1/accounts/{id}/holders/{holderId}', { params: { path: { id, holderId } } });
}

export async function listInvitations(signal?: AbortSignal): Promise<InvitationDto[]> {
  return (await call.GET('/v1/accounts/invitations', { signal })).invitations as InvitationDto[];
}

export async function answerInvitation(id: string, answer: 'accept' | 'decline'): Promise<string> {
  return String((await call.POST(`/v1/accounts/invitations/{id}/${answer}`, pathId(id))).message ?? '');
}

export async function quoteOwnTransfer(query: { fromAccountId: string; toAccountId: string; amount: string }, signal?: AbortSignal): Promise<OwnQuoteDto> {
  return (await call.GET('/v1/transfer/quote', { params: { query: { type: 'own', ...query } }, signal })) as unknown as OwnQuoteDto;
}

export async function moveOwnMoney(body: { fromAccountId: string; toAccountId: string; amount: string; pin?: string }, key: string): Promise<string> {
  return String((await call.POST('/v1/transfer/own', { body, headers: idempotent(key) })).message ?? 'Money moved');
}
