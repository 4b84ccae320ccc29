import type { RouteInstance } from '../../common/type-provider';
import { idParamsFor, responses } from '../../common/route-schemas';
import { listQuery, sendList } from '../../common/list-paging';
import { CRYPTO_KINDS, CRYPTO_SORTS, CRYPTO_STATUSES, type CryptoRequestKind, type CryptoRequestStatusValue } from './crypto.queries';
import type { CryptoWallet } from './crypto.wallet';

const tags = ['crypto'];
/** A request as staff see it (crypto.wallet.ts toStaffRecord): passed through whole. */
const staffRequestSchema = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, additionalProperties: true };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | null => (typeof value === 'string' && allowed.includes(value as T) ? (value as T) : null);

/** The console's crypto-requests resource (ra-data-simple-rest): every customer's deposits and withdrawals, read by any staff. */
export function cryptoAdminRoutes(app: RouteInstance, wallet: CryptoWallet) {
  const anyStaff = app.requireStaff();

  app.get(
    '/admin/crypto-requests',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'Every crypto request (list; filter {"status","kind","symbol","customerId","q"})',
        querystring: listQuery(CRYPTO_SORTS, 'createdAt'),
        response: responses({ 200: { type: 'array', items: staffRequestSchema } }),
      },
    },
    async (request, reply) => {
      const params = request.query;
      const { status, kind, symbol, customerId, q } = params.filter;
      const filter = {
        status: oneOf<CryptoRequestStatusValue>(status, CRYPTO_STATUSES),
        kind: oneOf<CryptoRequestKind>(kind, CRYPTO_KINDS),
        symbol: typeof symbol === 'string' && /^[A-Z0-9]{2,10}$/.test(symbol) ? symbol : null,
        customerId: typeof customerId === 'string' && UUID.test(customerId) ? customerId : null,
        search: typeof q === 'string' && q.trim() ? q.trim().slice(0, 120) : null,
      };
      const { items, total } = await wallet.listForStaff(app.db, filter, params);
      return sendList(reply, 'crypto-requests', items, params.offset, total);
    },
  );

  app.get(
    '/admin/crypto-requests/:id',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'One crypto request for staff: receipt URL, units, fee, destination, first approval',
        params: idParamsFor('Crypto request not found'),
        response: responses({ 200: staffRequestSchema }),
      },
    },
    async (request) => wallet.showForStaff(app.db, request.params.id),
  );
}
