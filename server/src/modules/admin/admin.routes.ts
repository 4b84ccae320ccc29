import type { RouteInstance } from '../../common/type-provider';
import { rejectReasonSchema, staffLoginSchema } from '@strongroom/shared';
import { AppError, notFound } from '../../common/app-error';
import { customerById, customerPage, toUserDto, userDtoOf, applicationReview, PENDING_APPLICATIONS_SQL } from '../user';
import { AdminService } from './admin.service';
import { CSRF_INVALID, clearSessionCookies, clientOf, setSessionCookies } from '../auth';
import { staffUserById, storedFileMimeType } from './staff-members.queries';
import { listQuery, sendList } from '../../common/list-paging';
import { auditPage, auditTotal, recordAudit } from '../audit';
import { outboxMessage, outboxPage, outboxTotal } from '../mail';
import { actorOf } from '../../common/actor';
import { idParamsFor, okResponse, responses, timelineSchema } from '../../common/route-schemas';
import { decide, decisionResponse, timeline } from '../review';
import { isUuid } from '../../common/ids';
import { getAccountSummaries } from '../ledger';
import staffMemberRoutes from './staff-members.routes';
import { replicaReaderOf } from '../../db/read-replica';

const tags = ['admin'];
const openObject = { type: 'object', additionalProperties: true };
const staffSchema = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' }, email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', enum: ['admin', 'auditor'] } },
  required: ['id', 'email', 'name', 'role'],
};
const outboxMessageSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    to: { type: 'string' },
    subject: { type: 'string' },
    template: { type: 'string' },
    bodyText: { type: 'string' },
    status: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    sentAt: { type: ['string', 'null'], format: 'date-time' },
  },
  additionalProperties: true,
};
/** A customer as the console sees it: the UserDto (user.service.ts) and, for one, its documents and history. */
const customerListItemSchema = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, additionalProperties: true };
const customerSchema = { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, timeline: timelineSchema }, additionalProperties: true };

export default async function adminRoutes(app: RouteInstance) {
  const admin = new AdminService(app);
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);

  app.post(
    '/admin/auth/login',
    {
      config: { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Staff sign-in: e-mail, password and the authenticator code (`otp`); 401 with mfaRequired:true until the code is right',
        body: staffLoginSchema,
        response: responses({
          // The token or the CSRF token depending on the session mode, the recovery codes only once: not required.
          200: Object.assign(
            okResponse({
              staff: staffSchema,
              token: { type: 'string', description: 'With X-Session-Mode: bearer' },
              csrfToken: { type: 'string', description: 'With cookies (the default)' },
              recoveryCodes: { type: 'array', items: { type: 'string' }, description: 'Once, when the authenticator was just enrolled' },
            }),
            { required: ['success', 'staff'] },
          ),
        }),
      },
    },
    async (request, reply) => {
      const { email, password, otp } = request.body;
      const { staff, recoveryCodes } = await admin.login(email, password, otp || undefined);
      const session = await app.sessions.create('staff', staff.id, clientOf(request));
      const dto = { id: staff.id, email: staff.email, name: staff.name, role: staff.role };
      const once = recoveryCodes ? { recoveryCodes } : {};
      if (request.headers['x-session-mode'] === 'bearer') return { success: true, staff: dto, token: session.token, ...once };
      setSessionCookies(reply, app.sessions, 'staff', session.token, session.csrfToken);
      return { success: true, staff: dto, csrfToken: session.csrfToken, ...once };
    },
  );

  app.get(
    '/admin/auth/check',
    { preHandler: anyStaff, schema: { tags, summary: 'The signed-in staff member', response: responses({ 200: okResponse({ staff: staffSchema, csrfToken: { type: 'string' } }) }) } },
    async (request) => {
      const s = await staffUserById(app.db.manager, request.staff!.id);
      if (!s) throw new Error('Signed-in staff member not found');
      return { success: true, staff: { id: s.id, email: s.email, name: s.name, role: s.role }, csrfToken: request.staff!.csrfToken };
    },
  );

  app.post('/admin/auth/logout', { config: { noBody: true }, schema: { tags, summary: 'Revoke this staff session', response: responses({ 200: okResponse() }) } }, async (request, reply) => {
    try {
      await anyStaff(request, reply);
      await app.sessions.revoke(request.staff!.sessionId);
    } catch (err) {
      // Logging out a dead session still clears the cookies; a forged (CSRF) request does not.
      if (err instanceof AppError && err.message === CSRF_INVALID) throw err;
    }
    clearSessionCookies(reply, app.sessions, 'staff');
    return { success: true, message: 'Logged out successfully' };
  });

  const customerList = listQuery(['createdAt', 'lastName', 'status', 'accountNumber'], 'createdAt');
  const customerListSchema = { tags, summary: 'Customers (ra-data-simple-rest list)', querystring: customerList, response: responses({ 200: { type: 'array', items: customerListItemSchema } }) };
  app.get('/admin/customers', { preHandler: anyStaff, schema: customerListSchema }, async (request, reply) => {
    const p = request.query;
    // Staff browsing tolerates a moment's staleness: a replica that has this session's own writes (db/read-replica.ts).
    const { list, total, summaries } = await app.readReplica.read(replicaReaderOf(request), async (db) => {
      const page = await customerPage(db, {
        status: typeof p.filter.status === 'string' ? p.filter.status : undefined,
        search: typeof p.filter.q === 'string' && p.filter.q.trim() ? p.filter.q.trim() : undefined,
        ids: Array.isArray(p.filter.id) ? p.filter.id.filter((x): x is string => isUuid(x)) : undefined,
        sortField: p.sortField,
        sortOrder: p.sortOrder,
        offset: p.offset,
        limit: p.limit,
      });
      // The page's balances and withdrawal counts in one statement, not one a row.
      return {
        ...page,
        summaries: await getAccountSummaries(
          db,
          page.list.map((c) => c.id),
        ),
      };
    });
    const items = list.map((c) => userDtoOf(c, summaries.get(c.id)));
    return sendList(reply, 'customers', items, p.offset, total);
  });

  app.get(
    '/admin/customers/:id',
    {
      preHandler: anyStaff,
      schema: { tags, summary: "One customer, with the application's status history", params: idParamsFor('Customer not found'), response: responses({ 200: customerSchema }) },
    },
    async (request) => {
      const { id } = request.params;
      const c = await customerById(app.db.manager, id);
      if (!c) throw notFound('Customer not found');
      const dto = await toUserDto(app.db.manager, c);
      // Its kind only, not its bytes (no view to audit): the console shows a photo and offers a PDF as a download.
      const proofOfAddressType = c.proofOfAddressFileId ? await storedFileMimeType(app.db.manager, c.proofOfAddressFileId) : undefined;
      return {
        ...dto,
        passportImage: c.passportFileId ? `/v1/files/${c.passportFileId}` : null,
        proofOfAddressImage: c.proofOfAddressFileId ? `/v1/files/${c.proofOfAddressFileId}` : null,
        proofOfAddressType: proofOfAddressType ?? null,
        reviewedAt: c.reviewedAt,
        reviewedBy: c.reviewedBy,
        timeline: await timeline(app.db, 'customer', c.id),
      };
    },
  );

  app.reviewQueues.add({ resource: 'customers', label: 'Account applications', pendingCountSql: PENDING_APPLICATIONS_SQL });
  const applicationParams = idParamsFor('Customer not found');
  app.patch(
    '/admin/customers/:id/approve',
    { preHandler: adminOnly, config: { noBody: true }, schema: { tags, summary: 'Approve an application (audited)', params: applicationParams, response: responses({ 200: decisionResponse }) } },
    async (request) => ({ success: true, ...(await decide(app, applicationReview, { id: request.params.id, decision: 'approve', actor: actorOf(request) })) }),
  );
  app.patch(
    '/admin/customers/:id/reject',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Reject an application with a reason (audited)', params: applicationParams, body: rejectReasonSchema, response: responses({ 200: decisionResponse }) },
    },
    async (request) => ({
      success: true,
      ...(await decide(app, applicationReview, { id: request.params.id, decision: 'reject', reason: request.body.reason, actor: actorOf(request) })),
    }),
  );

  const outboxListSchema = { tags, summary: 'Mail outbox', querystring: listQuery(['created_at'], 'created_at'), response: responses({ 200: { type: 'array', items: outboxMessageSchema } }) };
  app.get('/admin/outbox', { preHandler: anyStaff, schema: outboxListSchema }, async (request, reply) => {
    const p = request.query;
    const to = typeof p.filter.to === 'string' ? p.filter.to.toLowerCase() : null;
    const items = await outboxPage(app.db, to, p.sortOrder, p);
    const total = await outboxTotal(app.db, to, p.offset);
    // Staff reads of customers' mail are audited (docs/security.md).
    await recordAudit(app.db.manager, actorOf(request), { action: 'outbox.list', targetType: 'outbox', details: { to, offset: p.offset, count: items.length } });
    return sendList(reply, 'outbox', items, p.offset, total);
  });

  app.get(
    '/admin/outbox/:id',
    { preHandler: anyStaff, schema: { tags, summary: 'One message (codes, tokens and links redacted)', params: idParamsFor('Message not found'), response: responses({ 200: outboxMessageSchema }) } },
    async (request) => {
      const { id } = request.params;
      const item = await outboxMessage(app.db, id);
      if (!item) throw notFound('Message not found');
      await recordAudit(app.db.manager, actorOf(request), { action: 'outbox.view', targetType: 'outbox', targetId: id });
      return item;
    },
  );

  const auditListSchema = { tags, summary: 'Append-only audit log', querystring: listQuery(['id'], 'id'), response: responses({ 200: { type: 'array', items: openObject } }) };
  app.get('/admin/audit-log', { preHandler: anyStaff, schema: auditListSchema }, async (request, reply) => {
    const p = request.query;
    // Auditors' browsing tolerates a moment's staleness: a replica that has this session's writes (db/read-replica.ts).
    const [items, total] = await app.readReplica.read(replicaReaderOf(request), async (db) => [await auditPage(db, p.sortOrder, p), await auditTotal(db, p.offset)] as const);
    return sendList(reply, 'audit-log', items, p.offset, total);
  });

  await app.register(staffMemberRoutes);
}
