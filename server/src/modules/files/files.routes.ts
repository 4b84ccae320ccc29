import type { FastifyInstance } from 'fastify';
import { auditStaffRead } from '../audit/audit.service';
import type { StoredFileEntity } from './entities/stored-file.entity';

/** Documents whose every view by staff is audited (a profile picture is not a document). */
const AUDITED_PURPOSES: StoredFileEntity['purpose'][] = ['passport', 'cheque', 'receipt'];

export default async function filesRoutes(app: FastifyInstance) {
  // Files are served to their owner or to staff only; everyone else gets the 404 of a missing file.
  app.get('/files/:id', { schema: { tags: ['files'], summary: 'An uploaded image (owner or staff; staff views of documents are audited)' } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    let requester: { customerId?: string; staff?: boolean };
    try {
      requester = { customerId: (await app.sessions.authenticateCustomer(request)).id };
    } catch (err) {
      if (!request.cookies?.[app.sessions.cookies('staff').session] && !request.headers.authorization) throw err;
      const staff = await app.sessions.authenticateStaff(request);
      request.staff = staff;
      requester = { staff: true };
    }
    const { file, bytes } = await app.files.read(app.db.manager, id, requester);
    if (request.staff && AUDITED_PURPOSES.includes(file.purpose)) {
      await auditStaffRead(app.db.manager, { id: request.staff.id, email: request.staff.email, role: request.staff.role, ip: request.ip }, {
        action: 'file.view',
        targetType: 'stored_file',
        targetId: file.id,
        details: { purpose: file.purpose, ownerCustomerId: file.ownerCustomerId },
      });
    }
    return reply
      .header('Content-Type', file.mimeType)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline')
      .send(bytes);
  });
}
