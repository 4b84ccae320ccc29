import type { RouteInstance } from '../../common/type-provider';
import { rejectReasonSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { idParams, okResponse, responses } from '../../common/route-schemas';
import { listQuery, sendList } from '../../common/list-paging';
import type { CardsService } from './cards.service';
import { toCardDto } from './cards.service';
import { cardSchema } from './cards.schemas';
import { toAuthorisationDto } from './cards.network';
import * as q from './cards.queries';
import * as errors from './cards.errors';
import { isUuid } from '../../common/ids';

const tags = ['admin'];
/** A card as the console sees it (toAdminCard): the customer's masked card and who holds it. */
const adminCardSchema = { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, customerId: { type: 'string', format: 'uuid' } }, additionalProperties: true };
/** An authorisation as toAuthorisationDto (cards.network.ts) gives it. */
const authorisationSchema = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, additionalProperties: true };
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
export default async function cardAdminRoutes(app: RouteInstance, opts: { cards: CardsService }) {
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);

  const cardList = {
    tags,
    summary: 'Card applications and issued cards, masked',
    querystring: listQuery(['createdAt', 'status', 'creditLimit', 'id'], 'createdAt'),
    response: responses({ 200: { type: 'array', items: adminCardSchema } }),
  };
  app.get('/admin/cards', { preHandler: anyStaff, schema: cardList }, async (request, reply) => {
    const p = request.query;
    const customerId = textFilter(p.filter.customerId);
    const { items, total } = await q.adminListCards(
      app.db,
      { status: textFilter(p.filter.status), customerId: isUuid(customerId) ? customerId : undefined, q: textFilter(p.filter.q) },
      { field: p.sortField, order: p.sortOrder },
      { limit: p.limit, offset: p.offset },
    );
    return sendList(reply, 'cards', items.map(toAdminCard), p.offset, total);
  });

  app.get('/admin/cards/:id', { preHandler: anyStaff, schema: { tags, summary: 'One card, masked', params: idParams, response: responses({ 200: adminCardSchema }) } }, async (request) => {
    const card = await q.adminFindCard(app.db, request.params.id);
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
      const { reason } = request.body;
      const card = await opts.cards.block(request.params.id, reason, actorOf(request));
      return { success: true, message: 'Card blocked', card };
    },
  );

  for (const action of ['freeze', 'unfreeze'] as const) {
    app.patch(
      `/admin/cards/:id/${action}`,
      {
        preHandler: adminOnly,
        config: { noBody: true },
        schema: { tags, summary: `${action === 'freeze' ? 'Freeze' : 'Unfreeze'} a card for its customer; audited`, params: idParams, response: responses({ 200: okResponse({ card: cardSchema }) }) },
      },
      async (request) => {
        const card = await opts.cards.setFrozen(null, request.params.id, action === 'freeze', actorOf(request));
        return { success: true, message: action === 'freeze' ? 'Card frozen' : 'Card unfrozen', card };
      },
    );
  }

  app.get(
    '/admin/card-authorisations',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'Authorisations the card network asked for: held, captured, voided, declined',
        querystring: listQuery(['createdAt', 'id'], 'createdAt'),
        response: responses({ 200: { type: 'array', items: authorisationSchema } }),
      },
    },
    async (request, reply) => {
      const p = request.query;
      const cardId = textFilter(p.filter.cardId);
      const { items, total } = await q.adminListAuthorisations(app.db, { cardId: isUuid(cardId) ? cardId : undefined, status: textFilter(p.filter.status) }, p.sortOrder, {
        limit: p.limit,
        offset: p.offset,
      });
      return sendList(reply, 'card-authorisations', items.map(toAuthorisationDto), p.offset, total);
    },
  );

  app.get(
    '/admin/card-authorisations/:id',
    { preHandler: anyStaff, schema: { tags, summary: 'One authorisation', params: idParams, response: responses({ 200: authorisationSchema }) } },
    async (request) => {
      const a = await q.findAuthorisation(app.db, request.params.id);
      if (!a) throw errors.authorisationNotFound();
      return toAuthorisationDto(a);
    },
  );
}
