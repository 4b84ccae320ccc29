import type { RouteInstance } from '../../common/type-provider';
import { acceptInvitationRequestSchema, staffInviteSchema, staffUpdateSchema } from '@strongroom/shared';
import { actorOf } from '../../common/actor';
import { idParamsFor, okResponse, responses } from '../../common/route-schemas';
import { listQuery, sendList } from '../../common/list-paging';
import { STAFF_SORTABLE } from './staff-members.queries';
import { StaffMembersService } from './staff-members.service';
import { replicaReaderOf } from '../../db/read-replica';

const tags = ['admin'];
const memberParams = idParamsFor('Staff member not found');
const staffMemberSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: ['admin', 'auditor'] },
    status: { type: 'string', enum: ['invited', 'active', 'deactivated'] },
    active: { type: 'boolean' },
    authenticatorEnrolled: { type: 'boolean' },
    invitationExpiresAt: { type: ['string', 'null'], format: 'date-time' },
    lastSignInAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'email', 'name', 'role', 'status', 'active', 'authenticatorEnrolled', 'createdAt'],
  additionalProperties: false,
};

/** The bank's staff, managed from the console by its admins; auditors read the list (docs/decisions/0051). */
export default async function staffMemberRoutes(app: RouteInstance) {
  const members = new StaffMembersService(app);
  const anyStaff = app.requireStaff();
  const adminOnly = app.requireStaff(['admin']);

  app.get(
    '/admin/staff',
    {
      preHandler: anyStaff,
      schema: {
        tags,
        summary: 'Staff members (ra-data-simple-rest list)',
        querystring: listQuery(Object.keys(STAFF_SORTABLE) as (keyof typeof STAFF_SORTABLE)[], 'createdAt'),
        response: responses({ 200: { type: 'array', items: staffMemberSchema } }),
      },
    },
    async (request, reply) => {
      const page = request.query;
      const sortColumn = STAFF_SORTABLE[page.sortField];
      const { items, total } = await members.list({ sortColumn, direction: page.sortOrder, limit: page.limit, offset: page.offset }, replicaReaderOf(request));
      return sendList(reply, 'staff', items, page.offset, total);
    },
  );

  app.get('/admin/staff/:id', { preHandler: anyStaff, schema: { tags, summary: 'One staff member', params: memberParams, response: responses({ 200: staffMemberSchema }) } }, async (request) =>
    members.show(request.params.id),
  );

  app.post(
    '/admin/staff',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Invite a colleague: a member with no password yet, e-mailed a link to set one (audited)', body: staffInviteSchema, response: responses({ 201: staffMemberSchema }) },
    },
    async (request, reply) => reply.status(201).send(await members.invite(actorOf(request), request.body)),
  );

  app.put(
    '/admin/staff/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Change a member's name, role or access (audited; not one's own role or access). Taking access away ends their sessions",
        params: memberParams,
        body: staffUpdateSchema,
        response: responses({ 200: staffMemberSchema }),
      },
    },
    async (request) => members.change(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/staff/:id/invitation',
    {
      preHandler: adminOnly,
      config: { noBody: true },
      schema: { tags, summary: 'E-mail an invited member a new link (the one before stops working; audited)', params: memberParams, response: responses({ 200: staffMemberSchema }) },
    },
    async (request) => members.resendInvitation(actorOf(request), request.params.id),
  );

  app.post(
    '/admin/auth/accept-invitation',
    {
      config: { rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Set an invited member's password from the e-mailed link (once, before it expires)",
        body: acceptInvitationRequestSchema,
        response: responses({ 200: okResponse({ email: { type: 'string' } }) }),
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const { email } = await members.acceptInvitation(token, password);
      return { success: true, message: 'Your password is set. Sign in to set up your authenticator app.', email };
    },
  );
}
