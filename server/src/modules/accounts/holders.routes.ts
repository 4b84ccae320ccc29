import type { RouteInstance } from '../../common/type-provider';
import { holderInvitationSchema, holderLimitSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { okResponse, responses } from '../../common/route-schemas';
import { perCustomerLimit } from '../../common/rate-limits';
import { accountParams, holderParams, holderSchema, invitationParams, invitationSchema, sentInvitationSchema } from './holders.schemas';
import { answerInvitation, changeDailyLimit, holdersOf, invitationsOf, inviteHolder, removeHolderFrom } from './holders.service';

const tags = ['accounts'];

/**
 * Family and joint accounts (docs/decisions/0062-accounts.md): the owner or a joint holder invites an existing
 * customer, who accepts or declines; a dependant's daily limit is changed; a holder is removed or leaves. Account
 * routes ask resolveAccount what the caller's role allows (a stranger's account is "not found"); invitation routes
 * read only invitations to the caller.
 */
export default async function holdersRoutes(app: RouteInstance) {
  const customer = app.requireApprovedCustomer;
  // An invitation names its invitee as a payee lookup does: limited per customer like that lookup, so account
  // numbers cannot be tried in bulk through it.
  const inviteLimit = perCustomerLimit(app, 'holder-invite', { max: app.config.lookupRateLimitPerMinute, timeWindow: '1 minute' });

  app.get(
    '/accounts/invitations',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: 'Invitations to hold an account that wait for the caller to accept or decline, newest first',
        response: responses({ 200: okResponse({ items: { type: 'array', items: invitationSchema } }) }),
      },
    },
    async (request) => ({ success: true, items: await invitationsOf(app.db.manager, request.customer!.id) }),
  );

  for (const [action, accept] of [
    ['accept', true],
    ['decline', false],
  ] as const) {
    app.post(
      `/accounts/invitations/:id/${action}`,
      {
        preHandler: customer,
        config: { noBody: true },
        schema: {
          tags,
          summary: accept ? 'Accept an invitation: the caller holds the account from now' : 'Decline an invitation: nothing changes on the account',
          params: invitationParams,
          response: responses({ 200: okResponse({ invitation: invitationSchema }) }),
        },
      },
      async (request) => {
        const invitation = await answerInvitation(app, request.customer!.id, request.params.id, accept, actorOf(request));
        const message = accept ? `You now hold ${invitation.accountName} (ending ${invitation.accountLast4}).` : 'Invitation declined.';
        return { success: true, message, invitation };
      },
    );
  }

  app.get(
    '/accounts/:id/holders',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: 'Who holds the account: the owner, then active and invited holders; any holder may see it',
        params: accountParams,
        response: responses({ 200: okResponse({ items: { type: 'array', items: holderSchema } }) }),
      },
    },
    async (request) => ({ success: true, items: await holdersOf(app.db.manager, request.customer!.id, request.params.id) }),
  );

  app.post(
    '/accounts/:id/holders',
    {
      preHandler: [customer, inviteLimit],
      schema: {
        tags,
        summary: 'Invite an existing customer, by one of their account numbers, as a joint holder or a dependant (with a daily limit); owner or joint holder only',
        params: accountParams,
        body: holderInvitationSchema,
        response: responses({ 201: okResponse({ invitation: sentInvitationSchema }) }),
      },
    },
    async (request, reply) => {
      const invitation = await inviteHolder(app, request.customer!.id, request.params.id, request.body, actorOf(request));
      return reply.status(201).send({ success: true, message: `Invitation sent to ${invitation.name}`, invitation });
    },
  );

  app.patch(
    '/accounts/:id/holders/:holderId',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: "Change a dependant's daily limit, effective at once; owner or joint holder only",
        params: holderParams,
        body: holderLimitSchema,
        response: responses({ 200: okResponse({ holder: holderSchema }) }),
      },
    },
    async (request) => {
      const { id, holderId } = request.params;
      const holder = await changeDailyLimit(app, request.customer!.id, id, holderId, request.body.dailyLimit, actorOf(request));
      return { success: true, message: `Daily limit set to ${holder.dailyLimit}.`, holder };
    },
  );

  app.delete(
    '/accounts/:id/holders/:holderId',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: 'Remove a holder or withdraw an invitation (owner or joint holder), or leave the account (the holder themselves); effective at once',
        params: holderParams,
        response: responses({ 200: okResponse() }),
      },
    },
    async (request) => {
      const { id, holderId } = request.params;
      const { left } = await removeHolderFrom(app, request.customer!.id, id, holderId, actorOf(request));
      return { success: true, message: left ? 'You no longer hold this account.' : 'Holder removed.' };
    },
  );
}
