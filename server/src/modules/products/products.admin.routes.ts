import * as yup from 'yup';
import { DEPOSIT_PRODUCTS, rateChangeSchema } from '@strongroom/shared';
import type { RouteInstance } from '../../common/type-provider';
import { actorOf } from '../../common/actor';
import { okResponse, responses } from '../../common/route-schemas';
import { listQuery, sendList } from '../../common/list-paging';
import { listRateChanges } from './products.queries';
import { PRODUCT_NOT_FOUND, bankToday, catalogue, catalogueProduct, changeRates } from './products.service';
import { toRateChangeDto } from './products.dto';
import { adminProductSchema, rateChangeSchemaOut } from './products.schemas';
import { defineProductJobs } from './products.jobs';

const tags = ['admin'];
const codeParams = yup
  .object({
    code: yup
      .string()
      .required(PRODUCT_NOT_FOUND)
      .oneOf([...DEPOSIT_PRODUCTS], PRODUCT_NOT_FOUND),
  })
  .noUnknown();

const productFilter = (value: unknown) => (typeof value === 'string' && (DEPOSIT_PRODUCTS as readonly string[]).includes(value) ? value : undefined);
const termFilter = (value: unknown) => {
  const term = typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : value;
  return typeof term === 'number' && Number.isInteger(term) ? term : undefined;
};

/**
 * The catalogue and its rate history in the console: every staff member reads them, an admin changes a product's
 * rates from a date (audited; the customers it affects are e-mailed; docs/decisions/0063-interest.md).
 */
export default async function productsAdminRoutes(app: RouteInstance) {
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);
  defineProductJobs(app);

  app.get(
    '/admin/products',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'Deposit products with the rates in force today (ra-data-simple-rest list; id is the product code)',
        querystring: listQuery(['id'], 'id', 'ASC'),
        response: responses({ 200: { type: 'array', items: adminProductSchema } }),
      },
    },
    async (request, reply) => {
      const items = (await catalogue(app.db, bankToday(app))).map((p) => ({ id: p.code, ...p }));
      const page = items.slice(request.query.offset, request.query.offset + request.query.limit);
      return sendList(reply, 'products', page, request.query.offset, items.length);
    },
  );

  app.get(
    '/admin/products/:code',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'One deposit product with the rates in force today, the changes scheduled and its whole rate history, newest first',
        params: codeParams,
        response: responses({
          200: {
            ...adminProductSchema,
            properties: { ...adminProductSchema.properties, history: { type: 'array', items: rateChangeSchemaOut } },
            required: [...adminProductSchema.required, 'history'],
          },
        }),
      },
    },
    async (request) => {
      const product = await catalogueProduct(app.db, request.params.code, bankToday(app));
      const history = await listRateChanges(app.db, { product: product.code }, { field: 'id', order: 'DESC' }, { limit: 200, offset: 0 });
      return { id: product.code, ...product, history: history.items.map(toRateChangeDto) };
    },
  );

  app.get(
    '/admin/rate-changes',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'The history of deposit rates, each change with the schedule it replaced (ra-data-simple-rest list; filters product, termMonths)',
        querystring: listQuery(['id', 'product', 'termMonths', 'effectiveFrom', 'changedAt'], 'id', 'DESC'),
        response: responses({ 200: { type: 'array', items: rateChangeSchemaOut } }),
      },
    },
    async (request, reply) => {
      const p = request.query;
      const { items, total } = await listRateChanges(app.db, { product: productFilter(p.filter.product), termMonths: termFilter(p.filter.termMonths) }, { field: p.sortField, order: p.sortOrder }, p);
      return sendList(reply, 'rate-changes', items.map(toRateChangeDto), p.offset, total);
    },
  );

  app.post(
    '/admin/rate-changes',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Set a product's rates (a term deposit term's rate) from a date not before today (admins; audited; the customers affected are e-mailed)",
        body: rateChangeSchema,
        response: responses({ 201: okResponse({ rateChange: rateChangeSchemaOut }) }),
      },
    },
    async (request, reply) => {
      const rateChange = await changeRates(app, actorOf(request), request.body);
      const message = `New rates for ${rateChange.product === 'fixed_deposit' ? `${rateChange.termMonths}-month term deposits` : 'savings accounts'} from ${rateChange.effectiveFrom}`;
      return reply.status(201).send({ success: true, message, rateChange });
    },
  );
}
