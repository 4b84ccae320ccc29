import type { FastifyInstance } from 'fastify';
import { rejectReasonSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { idParams, okResponse, responses, simpleRestListQuery } from '../../common/route-schemas';
import { parseListParams, sendList } from '../../common/list-paging';
import type { CardsService } from './cards.service';
import { toCardDto } from './cards.service';
import { cardSchema } from './cards.schemas';
import { toAuthorisationDto } from './cards.network';
import * as q from './cards.queries';
import * as errors from './cards.errors';
import { isUuid } from '../../common/ids';

const tags = ['admin'];
const textFilter = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 100) : undefined);

/** A card for the console: masked like the customer's view, never the number or the CVV. */
function toAdminCard(c: q.AdminCardRow) {
  return {
    ...toCardDto(c),
    customerId: c.customer_id,
    accountNumber: c.account_number,
    email: c.email,
    phone: c.phone,
    ssnLast4: c.ssn_last4,
    address: `${c.address}, ${c.city}, ${c.state} ${c.zip_code}`,
  };
}

/** The console's cards and card authorisations (react-admin simple-rest lists). */
export default async function cardAdminRoutes(app: FastifyInstance, opts: { cards: CardsService }) {
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);

  app.get('/admin/cards', { preHandler: anyStaff, schema: { tags, summary: 'Card applications and issued cards, masked', querystring: simpleRestListQuery } }, async (request, reply) => {
    const p = parseListParams(request.query as Record<string, unknown>, ['createdAt', 'status', 'creditLimit', 'id'], 'createdAt');
    const customerId = textFilter(p.filter.customerId);
    const { items, total } = await q.adminListCards(
      app.db,
      { status: textFilter(p.filter.status), customerId: isUuid(customerId) ? customerId : undefined, q: textFilter(p.filter.q) },
      { field: p.sortField, order: p.sortOrder },
      { limit: p.limit, offset: p.offset },
    );
    return sendList(reply, 'cards', items.map(toAdminCard), p.offset, total);
  });

  app.get('/admin/cards/:id', { preHandler: anyStaff, schema: { tags, summary: 'One card, masked', params: idParams } }, async (request) => {
    const card = await q.adminFindCard(app.db, (request.params as { id: string }).id);
    if (!card) throw errors.cardNotFound();
    return toAdminCard(card);
  });

  app.patch(
    '/admin/cards/:id/block',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Block a card for good (lost, stolen, fraud); audited', params: idParams, body: rejectReasonSchema, response: responses({ 200: okResponse({ card: cardSchema }) }) },
    },
    async (request) => {
      const { reason } = request.body as { reason: string };
      const card = await opts.cards.block((request.params as { id: string }).id, reason, actorOf(request));
      return { success: true, message: 'Card blocked', card };
    },
  );

  for (const action of ['freeze', 'unfreeze'] as const) {
    app.patch(
      `/admin/cards/:id/${action}`,
      {
        preHandler: adminOnly,
        schema: { tags, summary: `${action === 'freeze' ? 'Freeze' : 'Unfreeze'} a card for its customer; audited`, params: idParams, response: responses({ 200: okResponse({ card: cardSchema }) }) },
      },
      async (request) => {
        const card = await opts.cards.setFrozen(null, (request.params as { id: string }).id, action === 'freeze', actorOf(request));
        return { success: true, message: action === 'freeze' ? 'Card frozen' : 'Card unfrozen', card };
      },
    );
  }

  app.get(
    '/admin/card-authorisations',
    { preHandler: anyStaff, schema: { tags, summary: 'Authorisations the card network asked for: held, captured, voided, declined', querystring: simpleRestListQuery } },
    async (request, reply) => {
      const p = parseListParams(request.query as Record<string, unknown>, ['createdAt', 'id'], 'createdAt');
      const cardId = textFilter(p.filter.cardId);
      const { items, total } = await q.adminListAuthorisations(app.db, { cardId: isUuid(cardId) ? cardId : undefined, status: textFilter(p.filter.status) }, p.sortOrder, {
        limit: p.limit,
        offset: p.offset,
      });
      return sendList(reply, 'card-authorisations', items.map(toAuthorisationDto), p.offset, total);
    },
  );

  app.get('/admin/card-authorisations/:id', { preHandler: anyStaff, schema: { tags, summary: 'One authorisation', params: idParams } }, async (request) => {
    const a = await q.findAuthorisation(app.db, (request.params as { id: string }).id);
    if (!a) throw errors.authorisationNotFound();
    return toAuthorisationDto(a);
  });
}
