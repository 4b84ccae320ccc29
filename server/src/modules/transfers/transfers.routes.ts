import type { FastifyRequest } from 'fastify';
import type { RouteInstance } from '../../common/type-provider';
import * as yup from 'yup';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { INTERNATIONAL_PAYEE_FIELDS, LOCAL_PAYEE_FIELDS, confirmCodeSchema, strictObject, internationalTransferSchema, localTransferSchema, sameBankTransferSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { perCustomerLimit } from '../../common/rate-limits';
import { customerKeyScope } from '../../plugins/idempotency.plugin';
import { idParams, moneySchema, okResponse, responses, uuid } from '../../common/route-schemas';
import { withTransaction } from '../../db/transaction';
import { SameBankService } from './same-bank.service';
import { transactionItemSchema } from '../transactions';
import type { SameBankParties } from './transfers.queries';
import { partiesOfAnswer, sameBankPaymentRider, type PaymentRiderAnswer } from './payment-rider';
import { AuthorisationService, type SetUpRepeat } from './authorisation.service';
import { cancelScheduled, defineTransferJobs, listScheduled } from './scheduled-transfers';
import transferAdminRoutes from './transfers.admin.routes';
import accountTransferRoutes, { accountIdField } from './account-transfer.routes';
import { sameBankFromAccount } from './account-payment.service';
import { TransactionPin } from '../pin';
import { recentPayees } from './recent-payees';

const tags = ['transfers'];
const transferIdField = () => uuid('Transfer not found');
const passkeyOptionsSchema = strictObject({ transferId: transferIdField() });
const confirmPasskeySchema = strictObject({
  transferId: transferIdField(),
  response: yup.object().required('The passkey response is missing').typeError('The passkey response is missing'),
});

const recipientParams = yup.object({
  accountNumber: yup
    .string()
    .required('Account number must be 10 digits')
    .matches(/^\d{10}$/, 'Account number must be 10 digits'),
});

const summarySchema = {
  type: 'object',
  properties: {
    amount: moneySchema,
    fee: moneySchema,
    total: moneySchema,
    currency: { type: 'string' },
    recipientName: { type: 'string' },
    executeOn: { type: 'string' },
    repeat: { type: 'object', properties: { frequency: { type: 'string', enum: ['weekly', 'monthly'] }, untilOn: { type: ['string', 'null'] } } },
  },
  additionalProperties: true,
};
const stringFields = (fields: readonly string[]) => ({
  type: 'object',
  properties: Object.fromEntries(fields.map((field) => [field, { type: 'string' }])),
  required: [...fields],
  additionalProperties: false,
});
const outboundPayees = (fields: readonly string[]) => ({
  type: 'array',
  items: { type: 'object', properties: { payee: stringFields(fields), lastPaidAt: { type: 'string', format: 'date-time' } }, required: ['payee', 'lastPaidAt'], additionalProperties: false },
});
const recentPayeesProperties = {
  sameBank: {
    type: 'array',
    items: stringFields(['accountNumber', 'name', 'lastPaidAt']),
  },
  local: outboundPayees(LOCAL_PAYEE_FIELDS),
  international: outboundPayees(INTERNATIONAL_PAYEE_FIELDS),
};
const initiated = responses({ 201: okResponse({ transferId: { type: 'string', format: 'uuid' }, codeStep: { type: 'string', enum: ['code', 'pin'] }, summary: summarySchema }) });

/** What the app gives the transfer routes: the standing-orders module's set-up of a repeating transfer. */
export interface TransferRouteOptions {
  setUpStandingOrder: SetUpRepeat;
}

/** A transfer dated for later, as the caller's list shows it (ScheduledTransferDto). */
const scheduledTransferSchema = {
  type: 'object',
  required: ['id', 'kind', 'status', 'recipientName', 'amount', 'fee', 'currency', 'executeOn', 'statusReason', 'createdAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    kind: { type: 'string', enum: ['transfer_local', 'transfer_international'] },
    status: { type: 'string', enum: ['scheduled', 'pending', 'completed', 'rejected', 'cancelled', 'failed'] },
    recipientName: { type: 'string' },
    amount: moneySchema,
    fee: moneySchema,
    currency: { type: 'string' },
    executeOn: { type: 'string', format: 'date' },
    statusReason: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

export default async function transferRoutes(app: RouteInstance, options: TransferRouteOptions) {
  const sameBank = new SameBankService(app);
  const pin = new TransactionPin(app);
  const authorisation = new AuthorisationService(app, options.setUpStandingOrder);
  const customer = app.requireApprovedCustomer;
  const moneyLimit = { rateLimit: { max: app.config.moneyRateLimitPerMinute, timeWindow: '1 minute' } };
  defineTransferJobs(app);
  // The Idempotency-Key is read in the session check's own statement, for the customer the verified token names
  // (Idempotency.readBesideSession), and is used only once that check has passed for the same customer; a same-bank
  // transfer's parties, and its PIN attempt, are read there too (docs/performance.md#payment-parties-read-in-the-session-check).
  const partiesReadBeside = new WeakMap<FastifyRequest, SameBankParties>();
  const paymentRider = sameBankPaymentRider(app);
  const customerWithPaymentLookup = app.requireApprovedCustomerWith((request, customerId) => {
    const key = app.idempotency.readBesideSession(request, customerKeyScope(customerId));
    // A malformed key is refused before anything is judged: nothing is read for it.
    if (!key && request.headers['idempotency-key'] !== undefined) return undefined;
    // The session is checked before the body is validated: only a body that names an account as text is read for.
    const unvalidated: unknown = request.body;
    const recipientAccountNumber = unvalidated && typeof unvalidated === 'object' && 'recipientAccountNumber' in unvalidated ? unvalidated.recipientAccountNumber : undefined;
    // A payment from a named account is read in its own transaction (account-payment.service.ts), not beside the check.
    if (typeof recipientAccountNumber !== 'string' || (unvalidated && typeof unvalidated === 'object' && 'accountId' in unvalidated)) return { key };
    const answer = (read: PaymentRiderAnswer) => {
      const parties = partiesOfAnswer(read);
      if (parties) partiesReadBeside.set(request, parties);
    };
    return { key, rider: { rider: paymentRider, input: recipientAccountNumber, answer } };
  });

  // The name behind an account number is personal data: looked up at a pace that cannot walk the number space,
  // per client IP and per customer (the same customer from many IPs counts once).
  const lookupLimit = { max: app.config.lookupRateLimitPerMinute, timeWindow: '1 minute' };
  const perCustomerLookupLimit = perCustomerLimit(app, 'recipient-lookup', lookupLimit);
  app.get(
    '/transfer/recipient/:accountNumber',
    {
      preHandler: [customer, perCustomerLookupLimit],
      config: { rateLimit: lookupLimit },
      schema: {
        tags,
        summary: 'Name of a same-bank recipient, shown before confirming',
        params: recipientParams,
        response: responses({ 200: okResponse({ recipient: { type: 'object', properties: { name: { type: 'string' }, accountNumber: { type: 'string' } } } }) }),
      },
    },
    async (request) => {
      const { accountNumber } = request.params;
      return { success: true, recipient: await sameBank.lookupRecipient(accountNumber, request.customer!.id) };
    },
  );

  app.post(
    '/transfer/same',
    {
      preHandler: customerWithPaymentLookup,
      // An attempt taken beside the session check that no booking took goes back before the answer is sent: the check
      // runs before the body is validated (app.ts), so validation may refuse the body (a PIN of three digits), and a
      // key may be used by another request meanwhile. Never given back, five such requests would leave the
      // customer's payments waiting for attempts that no request holds.
      onSend: async (request, _reply, payload) => {
        const parties = partiesReadBeside.get(request);
        partiesReadBeside.delete(request);
        if (parties?.pin_reserved) await sameBank.giveBackAttempt(request.customer!.id).catch((err) => request.log.error({ err }, 'a PIN attempt was not given back'));
        return payload;
      },
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Instant transfer to another Strongroom account (PIN required, fee 0)',
        body: sameBankTransferSchema.shape({ accountId: accountIdField() }),
        response: responses({ 201: okResponse({ transaction: transactionItemSchema }) }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const customerId = request.customer!.id;
      if (body.accountId) {
        const input = { customerId, accountId: body.accountId, recipientAccountNumber: body.recipientAccountNumber, amount: body.amount!, memo: body.memo ?? undefined, pin: body.pin, ip: request.ip };
        const fromAccount = await app.idempotency.run(request, customerKeyScope(customerId), (m) => sameBankFromAccount(app, pin, m, input));
        return reply.status(fromAccount.status).send(fromAccount.body);
      }
      // For the first booking only: another (runInStatement retries a stale claim) reads and takes its own attempt.
      const takeParties = () => {
        const read = partiesReadBeside.get(request);
        partiesReadBeside.delete(request);
        return read;
      };
      const result = await app.idempotency.runInStatement(
        request,
        customerKeyScope(customerId),
        (claim) =>
          sameBank.send(
            { recipientAccountNumber: body.recipientAccountNumber, amount: body.amount!, memo: body.memo ?? undefined, pin: body.pin, customerId, ip: request.ip, parties: takeParties() },
            claim,
          ),
        (reference) => sameBank.replay(customerId, reference),
      );
      return reply.status(result.status).send(result.body);
    },
  );

  for (const kind of ['local', 'international'] as const) {
    const body = (kind === 'local' ? localTransferSchema : internationalTransferSchema).shape({ accountId: accountIdField() });
    app.post(
      `/transfer/${kind}`,
      {
        preHandler: customer,
        config: moneyLimit,
        schema: { tags, summary: `Start a${kind === 'local' ? ' local' : 'n international'} transfer; confirm with /transfer/confirm-code`, body, response: initiated },
      },
      async (request, reply) => {
        const input = request.body;
        const result = await app.idempotency.run(request, customerKeyScope(request.customer!.id), (m) => authorisation.initiate(m, request.customer!.id, kind, input));
        return reply.status(result.status).send(result.body);
      },
    );
  }

  app.post(
    '/transfer/confirm-code',
    {
      preHandler: customer,
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Authenticate a payment: the e-mailed code, then the PIN',
        body: confirmCodeSchema,
        response: responses({ 200: okResponse({ nextStep: { type: 'string', enum: ['pin', 'success'] }, summary: summarySchema }) }),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const actor = Object.assign(actorOf(request), { id: request.customer!.id });
      const result = await app.idempotency.run(request, customerKeyScope(request.customer!.id), (m) =>
        authorisation.confirm(m, actor, { transferId: input.transferId, code: input.code ?? undefined, pin: input.pin ?? undefined }),
      );
      return reply.status(result.status).send(result.body);
    },
  );

  app.post(
    '/transfer/passkey-options',
    {
      preHandler: customer,
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Start approving a payment with a passkey: WebAuthn options whose challenge is issued for this payment only',
        body: passkeyOptionsSchema,
        response: responses({ 200: okResponse({ options: { type: 'object', additionalProperties: true } }) }),
      },
    },
    async (request) => {
      const { transferId } = request.body;
      const options = await withTransaction(app.db, (m) => authorisation.passkeyOptions(m, request.customer!.id, transferId));
      return { success: true, options };
    },
  );

  app.post(
    '/transfer/confirm-passkey',
    {
      preHandler: customer,
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Authenticate a payment with a passkey instead of the e-mailed code and the PIN (bound to its amount and payee); honours Idempotency-Key',
        body: confirmPasskeySchema,
        response: responses({ 200: okResponse({ nextStep: { type: 'string', enum: ['success'] }, summary: summarySchema }) }),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const actor = Object.assign(actorOf(request), { id: request.customer!.id });
      const result = await app.idempotency.run(request, customerKeyScope(request.customer!.id), (m) =>
        authorisation.confirmWithPasskey(m, actor, { transferId: input.transferId, response: input.response as unknown as AuthenticationResponseJSON }),
      );
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    '/transfer/scheduled',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: "The caller's transfers dated for later (waiting ones first)",
        response: responses({ 200: okResponse({ items: { type: 'array', items: scheduledTransferSchema } }) }),
      },
    },
    async (request) => ({
      success: true,
      items: await listScheduled(app.db.manager, request.customer!.id),
    }),
  );

  app.get(
    '/transfer/recent-payees',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: "Whom the caller paid lately, to pay again: Strongroom accounts, local and international payees (five of each, newest first; the caller's own payments only)",
        response: responses({ 200: okResponse(recentPayeesProperties) }),
      },
    },
    async (request) => ({ success: true, ...(await recentPayees(app.db, request.customer!.id)) }),
  );

  app.post(
    '/transfer/:id/cancel',
    { preHandler: customer, config: { noBody: true }, schema: { tags, summary: 'Cancel a scheduled transfer before its date', params: idParams, response: responses({ 200: okResponse() }) } },
    async (request) => {
      const { id } = request.params;
      await withTransaction(app.db, (m) => cancelScheduled(m, request.customer!.id, id, actorOf(request)));
      return { success: true, message: 'Scheduled transfer cancelled' };
    },
  );

  await app.register(accountTransferRoutes);
  await app.register(transferAdminRoutes);
}
