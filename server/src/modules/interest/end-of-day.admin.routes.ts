import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import type { RouteInstance } from '../../common/type-provider';
import { actorOf } from '../../common/actor';
import { notFound } from '../../common/app-error';
import { listQuery, sendList } from '../../common/list-paging';
import { okResponse, responses, uuid } from '../../common/route-schemas';
import { matureDepositFor, type EndOfDayOptions } from './end-of-day.jobs';
import { findRunWithTotals, runPage, RUN_SORTABLE, type RunSortField } from './end-of-day.queries';
import { RUN_NOT_FOUND, rerunFailedDate } from './end-of-day.rerun';
import { parseRunFilter, runSchema, toRunView } from './end-of-day.views';
import { accountInterestSchema, staffAccountInterest } from './interest-accounts.service';

const tags = ['admin'];

/** A calendar date that exists (2027-02-30 does not); anything else names no run. */
const isCalendarDate = (value: string | undefined) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};
const dateParams = yup
  .object({
    date: yup
      .string()
      .required(RUN_NOT_FOUND)
      .matches(/^\d{4}-\d{2}-\d{2}$/, RUN_NOT_FOUND)
      .test('calendar-date', RUN_NOT_FOUND, (value) => isCalendarDate(value)),
  })
  .noUnknown();
const accountParams = yup.object({ accountId: uuid('Account not found') }).noUnknown();

/**
 * The console's end of day (docs/operations/end-of-day.md): every staff member reads the runs and an account's
 * interest; an admin runs a failed date again (audited).
 */
export default async function endOfDayAdminRoutes(app: RouteInstance, options: EndOfDayOptions) {
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);
  const matureDeposit = matureDepositFor(app as unknown as FastifyInstance, options);

  const listSchema = {
    tags,
    summary: 'End-of-day runs, one per business date (newest first): tallies, duration, interest per currency; filter by status',
    querystring: listQuery(Object.keys(RUN_SORTABLE) as RunSortField[], 'businessDate', 'DESC'),
    response: responses({ 200: { type: 'array', items: runSchema } }),
  };
  app.get('/admin/end-of-day-runs', { preHandler: anyStaff, schema: listSchema }, async (request, reply) => {
    const p = request.query;
    const { items, total } = await runPage(app.db, parseRunFilter(p.filter), { field: p.sortField, order: p.sortOrder }, p);
    return sendList(reply, 'end-of-day-runs', items.map(toRunView), p.offset, total);
  });

  app.get(
    '/admin/end-of-day-runs/:date',
    { preHandler: anyStaff, schema: { tags, summary: 'The end-of-day run of one business date', params: dateParams, response: responses({ 200: runSchema }) } },
    async (request) => {
      const run = await findRunWithTotals(app.db, request.params.date);
      if (!run) throw notFound(RUN_NOT_FOUND);
      return toRunView(run);
    },
  );

  app.post(
    '/admin/end-of-day-runs/:date/rerun',
    {
      preHandler: adminOnly,
      config: { noBody: true },
      schema: {
        tags,
        summary: 'Run a failed business date again now, in the background (admins; audited). 409 while the end of day is running or if the run did not fail. Read the run again to follow it.',
        params: dateParams,
        response: responses({ 202: okResponse({ run: runSchema }) }),
      },
    },
    async (request, reply) => {
      const run = await rerunFailedDate(app as unknown as FastifyInstance, request.params.date, actorOf(request), matureDeposit);
      return reply.status(202).send({ success: true, message: `The run of ${run.businessDate} has started again`, run });
    },
  );

  app.get(
    '/admin/interest/accounts/:accountId',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: "An account's interest: accrued (exact and rounded down), accrued and paid through, the rates applied and in force, paid this year, the latest payments",
        params: accountParams,
        response: responses({ 200: accountInterestSchema }),
      },
    },
    async (request) => staffAccountInterest(app.db, request.params.accountId, app.config.bankTimeZone, app.clock.now()),
  );
}
