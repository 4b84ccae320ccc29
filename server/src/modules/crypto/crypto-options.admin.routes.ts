import type { RouteInstance } from '../../common/type-provider';
import { cryptoOptionPatchSchema, cryptoOptionUpdateSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { assetUnitsSchema, okResponse, responses } from '../../common/route-schemas';
import { listQuery, sendList } from '../../common/list-paging';
import { changeSchema, listReferenceChanges, referenceIdParams } from '../reference-data';
import { CRYPTO_OPTION_NOT_FOUND, adminFindCryptoOption, adminListCryptoOptions, changeCryptoOption, cryptoOptionNotFound, toCryptoOptionAdminDto } from './crypto-options.queries';

const tags = ['admin'];
const params = referenceIdParams(/^[A-Z0-9]{2,10}$/, CRYPTO_OPTION_NOT_FOUND);

const optionProperties = {
  id: { type: 'string', description: 'The asset symbol' },
  symbol: { type: 'string' },
  name: { type: 'string' },
  network: { type: 'string' },
  address: { type: 'string' },
  icon: { type: 'string' },
  referencePriceUsd: { type: 'string', pattern: '^\\d+\\.\\d{2}$' },
  networkFee: Object.assign({}, assetUnitsSchema, { description: "The withdrawal fee in the asset's own units" }),
  enabled: { type: 'boolean' },
  updatedAt: { type: 'string', format: 'date-time' },
  updatedBy: { type: ['string', 'null'] },
};

/** The console's crypto options: every staff member reads them, admins change price, fee, address and enabled (audited, history kept). */
export default async function cryptoOptionAdminRoutes(app: RouteInstance) {
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);

  const optionList = {
    tags,
    summary: 'Crypto options (ra-data-simple-rest list)',
    // Unsorted, the table reads in symbol order, A to Z.
    querystring: listQuery(['id', 'symbol', 'name', 'referencePriceUsd', 'enabled', 'updatedAt'], 'id', 'ASC'),
    response: responses({ 200: { type: 'array', items: { type: 'object', properties: optionProperties } } }),
  };
  app.get('/admin/crypto-options', { preHandler: anyStaff, schema: optionList }, async (request, reply) => {
    const p = request.query;
    const enabled = typeof p.filter.enabled === 'boolean' ? p.filter.enabled : undefined;
    const { items, total } = await adminListCryptoOptions(app.db, { enabled }, { field: p.sortField, order: p.sortOrder }, p);
    return sendList(reply, 'crypto-options', items.map(toCryptoOptionAdminDto), p.offset, total);
  });

  app.get(
    '/admin/crypto-options/:id',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'One crypto option with its history of changes, newest first',
        params,
        response: responses({ 200: { type: 'object', properties: { ...optionProperties, history: { type: 'array', items: changeSchema } } } }),
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await adminFindCryptoOption(app.db, id);
      if (!row) throw cryptoOptionNotFound();
      return { ...toCryptoOptionAdminDto(row), history: await listReferenceChanges(app.db, 'crypto-options', id) };
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/admin/crypto-options/:id',
      preHandler: adminOnly,
      schema: {
        tags,
        summary:
          method === 'PUT'
            ? 'Set reference price, withdrawal fee, deposit address and enabled (admins; audited, previous values kept in the history)'
            : 'Change some of reference price, withdrawal fee, deposit address and enabled (admins; audited, previous values kept)',
        params,
        body: method === 'PUT' ? cryptoOptionUpdateSchema : cryptoOptionPatchSchema,
        response: responses({ 200: okResponse({ ...optionProperties, changedFields: { type: 'array', items: { type: 'string' } } }) }),
      },
      handler: async (request) => {
        const { id } = request.params;
        const { changed, option } = await changeCryptoOption(app.db, actorOf(request), id, request.body);
        return { success: true, message: changed.length ? `${option.name} updated` : 'No change', ...option, changedFields: changed };
      },
    });
  }
}
