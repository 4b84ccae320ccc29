import type { RouteInstance } from '../../common/type-provider';
import { fxRateUpdateSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { okResponse, responses } from '../../common/route-schemas';
import { listQuery, sendList } from '../../common/list-paging';
import { changeSchema, listReferenceChanges, referenceIdParams } from '../reference-data';
import { FX_RATE_NOT_FOUND, fxRateNotFound } from './fx.errors';
import { findFxRate, listFxRates } from './fx.queries';
import { changeFxRate, toFxRateDto } from './fx.service';

const tags = ['admin'];
const params = referenceIdParams(/^[A-Z]{3}-[A-Z]{3}$/, FX_RATE_NOT_FOUND);
const currencyFilter = (value: unknown) => (typeof value === 'string' && /^[A-Za-z]{3}$/.test(value.trim()) ? value.trim().toUpperCase() : undefined);

const fxRateProperties = {
  id: { type: 'string', description: "'EUR-USD': units of USD per 1 EUR" },
  base: { type: 'string' },
  quote: { type: 'string' },
  rate: { type: 'string', pattern: '^\\d+(\\.\\d{1,8})?$' },
  rateText: { type: 'string', description: "'1 EUR = 1.0870 USD'" },
  updatedAt: { type: 'string', format: 'date-time' },
  updatedBy: { type: ['string', 'null'] },
};

/** The console's FX table: every staff member reads it, admins change a rate (audited, with its history kept). */
export default async function fxAdminRoutes(app: RouteInstance) {
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);

  const fxRateList = {
    tags,
    summary: 'FX rates (ra-data-simple-rest list)',
    // Unsorted, the table reads in id order, A to Z.
    querystring: listQuery(['id', 'base', 'quote', 'rate', 'updatedAt'], 'id', 'ASC'),
    response: responses({ 200: { type: 'array', items: { type: 'object', properties: fxRateProperties } } }),
  };
  app.get('/admin/fx-rates', { preHandler: anyStaff, schema: fxRateList }, async (request, reply) => {
    const p = request.query;
    const { items, total } = await listFxRates(app.db, { base: currencyFilter(p.filter.base), quote: currencyFilter(p.filter.quote) }, { field: p.sortField, order: p.sortOrder }, p);
    return sendList(reply, 'fx-rates', items.map(toFxRateDto), p.offset, total);
  });

  app.get(
    '/admin/fx-rates/:id',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'One FX rate with its history of changes, newest first',
        params,
        response: responses({ 200: { type: 'object', properties: { ...fxRateProperties, history: { type: 'array', items: changeSchema } } } }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const [base, quote] = id.split('-');
      const row = await findFxRate(app.db, base, quote);
      if (!row) throw fxRateNotFound();
      return { ...toFxRateDto(row), history: await listReferenceChanges(app.db, 'fx-rates', id) };
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/admin/fx-rates/:id',
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Set an FX rate (admins; audited, the previous rate kept in the history). Payments already quoted keep their rate.',
        params,
        body: fxRateUpdateSchema,
        response: responses({ 200: okResponse({ ...fxRateProperties, changedFields: { type: 'array', items: { type: 'string' } } }) }),
      },
      handler: async (request) => {
        const { id } = request.params;
        const body = request.body;
        const { changed, rate } = await changeFxRate(app.db, actorOf(request), id, { rate: body.rate, reason: body.reason });
        return { success: true, message: changed.length ? `Rate updated: ${rate.rateText}` : 'No change: the rate is already that', ...rate, changedFields: changed };
      },
    });
  }
}
