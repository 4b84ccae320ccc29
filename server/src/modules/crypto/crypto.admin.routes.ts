import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParamsFor, simpleRestListQuery } from '../../common/route-schemas';
import { parseListParams, sendList } from '../../common/list-paging';
import { CRYPTO_KINDS, CRYPTO_SORTS, CRYPTO_STATUSES, type CryptoRequestKind, type CryptoRequestStatusValue } from './crypto.queries';
import type { CryptoWallet } from './crypto.wallet';

const tags = ['crypto'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | null => (typeof value === 'string' && allowed.includes(value as T) ? (value as T) : null);

/** The console's crypto-requests resource (ra-data-simple-rest): every customer's deposits and withdrawals, read by any staff. */
export function cryptoAdminRoutes(app: FastifyInstance, wallet: CryptoWallet) {
  const anyStaff = app.requireStaff();

  app.get(
    '/admin/crypto-requests',
    { preHandler: anyStaff, schema: { tags, summary: 'Every crypto request (list; filter {"status","kind","symbol","customerId","q"})', querystring: simpleRestListQuery } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const params = parseListParams(request.query as Record<string, unknown>, CRYPTO_SORTS, 'createdAt');
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
    { preHandler: anyStaff, schema: { tags, summary: 'One crypto request for staff: receipt URL, units, fee, destination, first approval', params: idParamsFor('Crypto request not found') } },
    async (request) => wallet.showForStaff(app.db, (request.params as { id: string }).id),
  );
}
