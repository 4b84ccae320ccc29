import type { FastifySchema } from 'fastify';
import type { AppConfig } from '../config/config';
import { cookieNames } from '../modules/auth/session.service';
import { accessOfHooks, type RouteAccess } from './route-access';
import { OPERATION_IDS, operationIdByRule } from './operation-ids';
import { errorResponse, swaggerTransform } from './route-schemas';

/**
 * The API's published contract (/docs/json) beyond each route's own schemas: who may call an operation (from the
 * guard that really runs, common/route-access.ts), its stable operationId, the refusal every operation can give,
 * the servers and the tags. Third parties lint it and generate clients from it (docs/decisions/0058-public-api-contract.md).
 */

/** The route's own declaration, where its guard cannot say: a handler that checks the session itself. */
export interface RouteContractConfig {
  access?: RouteAccess | 'public';
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the route's `config`
  interface FastifyContextConfig extends RouteContractConfig {}
}

type SecurityRequirement = Record<string, string[]>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The credentials a caller presents: a session cookie (with the CSRF header on writes), or the token as Bearer. */
export function securitySchemes(config: Pick<AppConfig, 'secureCookies'>) {
  return {
    customerSession: { type: 'apiKey', in: 'cookie', name: cookieNames('customer', config.secureCookies).session, description: "A customer's session cookie, set by POST /v1/auth/login" },
    staffSession: { type: 'apiKey', in: 'cookie', name: cookieNames('staff', config.secureCookies).session, description: "A staff member's session cookie, set by POST /v1/admin/auth/login" },
    csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: "The session's CSRF token (the sign-in answer's csrfToken): required beside a session cookie on every write" },
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description: 'The token the sign-in answers with when asked with the header X-Session-Mode: bearer (instead of cookies); no CSRF token is needed with it',
    },
    networkKey: { type: 'apiKey', in: 'header', name: 'X-Network-Key', description: "The card network's shared key (CARD_NETWORK_KEY)" },
  } as const;
}

function sessionRequirements(cookie: 'customerSession' | 'staffSession', method: string): SecurityRequirement[] {
  return [SAFE_METHODS.has(method) ? { [cookie]: [] } : { [cookie]: [], csrfToken: [] }, { bearer: [] }];
}

/** What an operation with `access` requires of its caller (an empty list: nothing, a public operation). */
export function securityFor(access: RouteAccess | 'public', method: string): SecurityRequirement[] {
  switch (access) {
    case 'customer':
      return sessionRequirements('customerSession', method);
    case 'staff':
      return sessionRequirements('staffSession', method);
    case 'customerOrStaff':
      return [...sessionRequirements('customerSession', method), ...sessionRequirements('staffSession', method).slice(0, 1)];
    case 'network':
      return [{ networkKey: [] }, ...sessionRequirements('staffSession', method)];
    case 'public':
      return [];
  }
}

export const API_TAGS = [
  { name: 'auth', description: "Enrolment, e-mail verification, a customer's sign-in and password" },
  { name: 'security', description: "A customer's sessions and e-mail address" },
  { name: 'passkeys', description: 'Passkeys (WebAuthn): adding them and signing in with one' },
  { name: 'user', description: "The signed-in customer's profile and notification settings" },
  { name: 'dashboard', description: "The customer's accounts at a glance" },
  { name: 'accounts', description: "A customer's accounts: opening, their details and holders, renaming and closing" },
  { name: 'transfers', description: 'Payments: same bank, local, international; confirmation by code or passkey; scheduled payments' },
  { name: 'standing orders', description: "A customer's standing orders" },
  { name: 'transactions', description: "A customer's transactions and statements" },
  { name: 'fees', description: 'The published fees' },
  { name: 'products', description: 'The deposit products and their interest rates' },
  { name: 'cards', description: 'Card applications, card details and card payments' },
  { name: 'card network', description: 'The card network: authorisations, captures and voids' },
  { name: 'account', description: "Freezing and unfreezing one's own account" },
  { name: 'crypto', description: 'Crypto custody: deposits, sales and holdings' },
  { name: 'cheques', description: 'Cheque deposits and their review' },
  { name: 'loans', description: 'Loan applications, repayments and their review' },
  { name: 'deposits', description: 'Term deposits: the quote, opening, the renewal choice and early withdrawal' },
  { name: 'files', description: 'Uploaded images (identity documents, cheques, receipts)' },
  { name: 'admin', description: 'The staff console: customers, reviews, reference data, staff, audit' },
];

/** Where the API is: this deployment's PUBLIC_URL (the paths carry the /v1 version). */
export const serversFor = (config: Pick<AppConfig, 'publicUrl'>) => [{ url: config.publicUrl, description: 'This deployment (PUBLIC_URL)' }];

interface TransformInput {
  schema: FastifySchema;
  url: string;
  route?: { method: string | string[]; preValidation?: unknown; preHandler?: unknown; onRequest?: unknown; config?: unknown };
}

function accessOf(route: TransformInput['route']): RouteAccess | 'public' {
  const declared = (route?.config as RouteContractConfig | undefined)?.access;
  if (declared) return declared;
  return accessOfHooks(route?.onRequest) ?? accessOfHooks(route?.preValidation) ?? accessOfHooks(route?.preHandler) ?? 'public';
}

/** Every operation can be refused (a bad request, a missing session, a record that is not there): the error envelope. */
function withRefusals(response: unknown): Record<string, unknown> {
  const declared = (response ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...declared };
  if (!Object.keys(declared).some((status) => /^2/.test(status))) out['2xx'] = { description: 'Success' };
  if (!Object.keys(declared).some((status) => /^4/.test(status))) out['4xx'] = errorResponse;
  return out;
}

/** @fastify/swagger transform: the route's schemas as JSON Schema, plus its operationId, security and refusals. */
export function contractTransform(input: TransformInput) {
  const { schema, url } = swaggerTransform(input);
  if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
  const method = [input.route?.method ?? 'GET'].flat()[0].toUpperCase();
  const declared = schema as FastifySchema & { operationId?: string; security?: unknown };
  const operationId = declared.operationId ?? OPERATION_IDS[`${method} ${url}`] ?? operationIdByRule(method, url);
  return {
    url,
    schema: Object.assign({}, schema, {
      operationId,
      security: declared.security ?? securityFor(accessOf(input.route), method),
      response: withRefusals(schema.response),
    }) as FastifySchema,
  };
}
