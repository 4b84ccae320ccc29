import type { FastifyInstance } from 'fastify';
import { rejectReasonSchema, staffLoginSchema } from '@strongroom/shared';
import { AppError, notFound } from '../../common/app-error';
import { rows } from '../../common/sql';
import { CustomerEntity } from '../user/entities/customer.entity';
import { toUserDto, userDtoOf } from '../user/user.service';
import { AdminService } from './admin.service';
import { CSRF_INVALID } from '../auth/session.service';
import { StaffUserEntity } from './entities/staff-user.entity';
import { parseListParams, sendList, totalUpTo } from './simple-rest';
import { recordAudit } from '../audit/audit.service';
import { actorOf } from '../../common/actor';
import { idParamsFor } from '../../common/route-schemas';
import { decide } from '../review/review.service';
import { applicationReview } from '../user/application.review';
import { timeline } from '../review/status-events';
import { isUuid } from '../../common/ids';
import { clearSessionCookies, clientOf, setSessionCookies } from '../auth/session.http';
import { getAccountSummaries } from '../ledger/ledger.service';
import { StoredFileEntity } from '../files/entities/stored-file.entity';
import staffMemberRoutes from './staff-members.routes';

const tags = ['admin'];

export default async function adminRoutes(app: FastifyInstance) {
  const admin = new AdminService(app);
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);

  app.post(
    '/admin/auth/login',
    {
      config: { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Staff sign-in: e-mail, password and the authenticator code (`otp`); 401 with mfaRequired:true until the code is right', body: staffLoginSchema },
    },
    async (request, reply) => {
      const { email, password, otp } = request.body as { email: string; password: string; otp?: string };
      const { staff, recoveryCodes } = await admin.login(email, password, otp || undefined);
      const session = await app.sessions.create('staff', staff.id, clientOf(request));
      const dto = { id: staff.id, email: staff.email, name: staff.name, role: staff.role };
      const once = recoveryCodes ? { recoveryCodes } : {};
      if (request.headers['x-session-mode'] === 'bearer') return { success: true, staff: dto, token: session.token, ...once };
      setSessionCookies(reply, app.sessions, 'staff', session.token, session.csrfToken);
      return { success: true, staff: dto, csrfToken: session.csrfToken, ...once };
    },
  );

  app.get('/admin/auth/check', { preHandler: anyStaff, schema: { tags, summary: 'The signed-in staff member' } }, async (request) => {
    const s = await app.db.manager.findOneByOrFail(StaffUserEntity, { id: request.staff!.id });
    return { success: true, staff: { id: s.id, email: s.email, name: s.name, role: s.role }, csrfToken: request.staff!.csrfToken };
  });

  app.post('/admin/auth/logout', { schema: { tags, summary: 'Revoke this staff session' } }, async (request, reply) => {
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

  app.get('/admin/customers', { preHandler: anyStaff, schema: { tags, summary: 'Customers (ra-data-simple-rest list)' } }, async (request, reply) => {
    const p = parseListParams(request.query as Record<string, unknown>, ['createdAt', 'lastName', 'status', 'accountNumber'], 'createdAt');
    const qb = app.db.manager.createQueryBuilder(CustomerEntity, 'c');
    if (typeof p.filter.status === 'string') qb.andWhere('c.status = :status', { status: p.filter.status });
    if (typeof p.filter.q === 'string' && p.filter.q.trim()) {
      qb.andWhere(`(c.account_number = :exact OR lower(c.email) LIKE :like OR lower(c.first_name || ' ' || c.last_name) LIKE :like)`, {
        exact: p.filter.q.trim(),
        like: `%${p.filter.q.trim().toLowerCase().replace(/[%_]/g, '')}%`,
      });
    }
    if (Array.isArray(p.filter.id)) qb.andWhere('c.id IN (:...ids)', { ids: p.filter.id.filter((x) => isUuid(x)).concat(['00000000-0000-0000-0000-000000000000']) });
    const [list, total] = await qb.orderBy(`c.${p.sortField}`, p.sortOrder).skip(p.offset).take(p.limit).getManyAndCount();
    // The page's balances and withdrawal counts in one statement, not one a row.
    const summaries = await getAccountSummaries(
      app.db.manager,
      list.map((c) => c.id),
    );
    const items = list.map((c) => userDtoOf(c, summaries.get(c.id)));
    return sendList(reply, 'customers', items, p.offset, total);
  });

  app.get(
    '/admin/customers/:id',
    { preHandler: anyStaff, schema: { tags, summary: "One customer, with the application's status history", params: idParamsFor('Customer not found') } },
    async (request) => {
      const { id } = request.params as { id: string };
      const c = await app.db.manager.findOne(CustomerEntity, { where: { id } });
      if (!c) throw notFound('Customer not found');
      const dto = await toUserDto(app.db.manager, c);
      // Its kind only, not its bytes (no view to audit): the console shows a photo and offers a PDF as a download.
      const proofOfAddress = c.proofOfAddressFileId ? await app.db.manager.findOne(StoredFileEntity, { select: { mimeType: true }, where: { id: c.proofOfAddressFileId } }) : null;
      return {
        ...dto,
        passportImage: c.passportFileId ? `/v1/files/${c.passportFileId}` : null,
        proofOfAddressImage: c.proofOfAddressFileId ? `/v1/files/${c.proofOfAddressFileId}` : null,
        proofOfAddressType: proofOfAddress?.mimeType ?? null,
        reviewedAt: c.reviewedAt,
        reviewedBy: c.reviewedBy,
        timeline: await timeline(app.db, 'customer', c.id),
      };
    },
  );

  app.reviewQueues.add({ resource: 'customers', label: 'Account applications', pendingCountSql: `SELECT count(*) FROM customers WHERE status = 'pending_review'` });
  for (const decision of ['approve', 'reject'] as const) {
    app.patch(
      `/admin/customers/:id/${decision}`,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: decision === 'approve' ? 'Approve an application (audited)' : 'Reject an application with a reason (audited)',
          params: idParamsFor('Customer not found'),
          ...(decision === 'reject' ? { body: rejectReasonSchema } : {}),
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        const reason = decision === 'reject' ? (request.body as { reason: string }).reason : undefined;
        const outcome = await decide(app, applicationReview, { id, decision, reason, actor: actorOf(request) });
        return { success: true, ...outcome };
      },
    );
  }

  app.get('/admin/outbox', { preHandler: anyStaff, schema: { tags, summary: 'Mail outbox' } }, async (request, reply) => {
    const p = parseListParams(request.query as Record<string, unknown>, ['created_at'], 'created_at');
    const to = typeof p.filter.to === 'string' ? p.filter.to.toLowerCase() : null;
    const items = await rows(
      app.db,
      `SELECT id, to_address AS "to", subject, template, body_text AS "bodyText", status, created_at AS "createdAt", sent_at AS "sentAt"
      FROM outbox WHERE ($1::text IS NULL OR lower(to_address) = $1) ORDER BY created_at ${p.sortOrder} LIMIT $2 OFFSET $3`,
      [to, p.limit, p.offset],
    );
    const total = await totalUpTo(app.db, `SELECT 1 FROM outbox WHERE ($1::text IS NULL OR lower(to_address) = $1)`, [to], p.offset);
    // Staff reads of customers' mail are audited (issue 12).
    await recordAudit(app.db.manager, actorOf(request), { action: 'outbox.list', targetType: 'outbox', details: { to, offset: p.offset, count: items.length } });
    return sendList(reply, 'outbox', items, p.offset, total);
  });

  app.get('/admin/outbox/:id', { preHandler: anyStaff, schema: { tags, summary: 'One message (codes, tokens and links redacted)', params: idParamsFor('Message not found') } }, async (request) => {
    const { id } = request.params as { id: string };
    const [item] = await rows(app.db, `SELECT id, to_address AS "to", subject, template, body_text AS "bodyText", status, created_at AS "createdAt", sent_at AS "sentAt" FROM outbox WHERE id = $1`, [
      id,
    ]);
    if (!item) throw notFound('Message not found');
    await recordAudit(app.db.manager, actorOf(request), { action: 'outbox.view', targetType: 'outbox', targetId: id });
    return item;
  });

  app.get('/admin/audit-log', { preHandler: anyStaff, schema: { tags, summary: 'Append-only audit log' } }, async (request, reply) => {
    const p = parseListParams(request.query as Record<string, unknown>, ['id'], 'id');
    const items = await rows(
      app.db,
      `SELECT id::text, actor_type AS "actorType", actor_id AS "actorId", actor_email AS "actorEmail", action, target_type AS "targetType",
      target_id AS "targetId", reason, details, ip, created_at AS "createdAt" FROM audit_log ORDER BY audit_log.id ${p.sortOrder} LIMIT $1 OFFSET $2`,
      [p.limit, p.offset],
    );
    return sendList(reply, 'audit-log', items, p.offset, await totalUpTo(app.db, `SELECT 1 FROM audit_log`, [], p.offset));
  });

  await app.register(staffMemberRoutes);
}
