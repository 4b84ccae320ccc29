import * as yup from 'yup';
import type { RouteInstance } from '../../common/type-provider';
import { AppError } from '../../common/app-error';
import { listQuery, sendList } from '../../common/list-paging';
import { idParamsFor, responses } from '../../common/route-schemas';
import { UUID_PATTERN } from '../../common/ids';
import { DEPOSIT_SORTS, staffDepositById, staffDepositPage, type DepositSort, type StaffDepositFilter } from './deposits.queries';
import { staffDepositSchema } from './deposits.schemas';
import { toStaffDepositDto } from './deposit-views';
import { depositNotFound } from './deposits.service';

const tags = ['admin', 'deposits'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = 'A date is YYYY-MM-DD';

const filterSchema = yup
  .object({
    status: yup.string().oneOf(['active', 'matured', 'withdrawn'], 'status must be active, matured or withdrawn'),
    customerId: yup.string().matches(UUID_PATTERN, 'customerId must be a UUID'),
    maturityFrom: yup.string().matches(ISO_DATE, DATE_MESSAGE),
    maturityTo: yup.string().matches(ISO_DATE, DATE_MESSAGE),
  })
  .noUnknown(true, 'Unknown filter: ${unknown}');

function parseFilter(filter: Record<string, unknown>): StaffDepositFilter {
  // react-admin's empty inputs arrive as '' or null: no filter on that field.
  const given = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== '' && value !== null && value !== undefined));
  try {
    return filterSchema.validateSync(given, { abortEarly: false, strict: true }) as StaffDepositFilter;
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    throw new AppError(400, err.errors[0] ?? 'Invalid filter', Object.fromEntries(err.inner.map((e) => [e.path ?? 'filter', e.message])));
  }
}

/** The console's term deposits, read-only, for admins and auditors: by maturity date, filtered by status and maturity. */
export default async function depositsAdminRoutes(app: RouteInstance) {
  const anyStaff = app.requireStaff();

  app.get(
    '/admin/deposits',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'Term deposits (ra-data-simple-rest list; filter status, customerId, maturityFrom, maturityTo)',
        querystring: listQuery(Object.keys(DEPOSIT_SORTS) as DepositSort[], 'maturityDate', 'ASC'),
        response: responses({ 200: { type: 'array', items: staffDepositSchema } }),
      },
    },
    async (request, reply) => {
      const p = request.query;
      const { items, total } = await staffDepositPage(app.db, parseFilter(p.filter), { field: p.sortField, order: p.sortOrder }, { limit: p.limit, offset: p.offset });
      return sendList(reply, 'deposits', items.map(toStaffDepositDto), p.offset, total);
    },
  );

  app.get(
    '/admin/deposits/:id',
    { preHandler: anyStaff, schema: { tags, summary: 'One term deposit', params: idParamsFor('Term deposit not found'), response: responses({ 200: staffDepositSchema }) } },
    async (request) => {
      const row = await staffDepositById(app.db, request.params.id);
      if (!row) throw depositNotFound();
      return toStaffDepositDto(row);
    },
  );
}
