import type { RouteInstance } from '../../common/type-provider';
import { actorOf } from '../../common/actor';
import { errorResponse, idParamsFor } from '../../common/route-schemas';
import { recordAudit } from '../audit';
import type { StoredFileEntity } from './entities/stored-file.entity';

/** Images whose every staff view is written to the audit log: identity documents and cheques. */
const AUDITED_PURPOSES: StoredFileEntity['purpose'][] = ['passport', 'proof_of_address', 'cheque', 'receipt'];

/**
 * Images show in the page that asked for them. A PDF is handed over as a download, never opened inside the bank's
 * origin: a PDF can carry scripts and forms, and the staff member's own viewer opens it outside the console
 * (docs/decisions/0049).
 */
function dispositionOf(file: Pick<StoredFileEntity, 'mimeType' | 'purpose'>): string {
  if (file.mimeType !== 'application/pdf') return 'inline';
  return `attachment; filename="${file.purpose.replace(/_/g, '-')}.pdf"`;
}

export default async function filesRoutes(app: RouteInstance) {
  // Files are served to their owner or to staff only; everyone else gets the 404 of a missing file.
  app.get(
    '/files/:id',
    {
      preHandler: app.requireCustomerOrStaff,
      schema: {
        tags: ['files'],
        summary: 'An uploaded image (owner or staff; staff views of documents and cheques are audited)',
        params: idParamsFor('File not found'),
        // The file's own bytes (an image or a PDF), not JSON; refusals are the usual JSON envelope.
        response: { 200: { description: 'The file, with its own Content-Type', type: 'string', format: 'binary' }, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const requester = request.customer ? { customerId: request.customer.id } : { staff: true };
      const { file, bytes } = await app.files.read(app.db.manager, id, requester);
      if (request.staff && AUDITED_PURPOSES.includes(file.purpose)) {
        // A staff read of a customer's document leaves a trail, like an action: an insider browsing leaves one too.
        await recordAudit(app.db.manager, actorOf(request), {
          action: 'file.view',
          targetType: 'stored_file',
          targetId: file.id,
          details: { purpose: file.purpose, ownerCustomerId: file.ownerCustomerId, role: request.staff.role },
        });
      }
      return reply
        .header('Content-Type', file.mimeType)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', dispositionOf(file))
        .send(bytes);
    },
  );
}
