import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@strongroom/shared';
import { AppError } from './app-error';
import { refuseBadText } from './bad-text';
import { decodeDataUrl } from '../modules/files/image-bytes';

const uploads = new WeakMap<FastifyRequest, Record<string, Buffer>>();

/** A file field a form may carry, and what it says of one too large (each upload rule's own: files.service). */
export type UploadField = Readonly<{ field: string; sizeMessage: string }>;

function decodeImageField({ field, sizeMessage }: UploadField, value: unknown): Buffer | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const file = typeof value === 'string' ? decodeDataUrl(value) : undefined;
  if (!file) throw new AppError(400, 'The image must be a data URL', { [field]: 'The image must be a data URL' });
  if (file.length > UPLOAD_MAX_BYTES) throw new AppError(400, sizeMessage, { [field]: sizeMessage });
  return file;
}

async function readMultipart(request: FastifyRequest, uploadFields: readonly UploadField[]) {
  const fileFields = uploadFields.map((upload) => upload.field);
  const fields: Record<string, unknown> = {};
  const files: Record<string, Buffer> = {};
  let reading = '';
  try {
    for await (const part of request.parts({ limits: { files: fileFields.length } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = part.value;
        continue;
      }
      reading = part.fieldname;
      if (!fileFields.includes(part.fieldname) || files[part.fieldname]) {
        await part.toBuffer().catch(() => undefined);
        const message = files[part.fieldname] ? `Send one ${part.fieldname}` : `Unknown field: ${part.fieldname}`;
        throw new AppError(400, message, { [part.fieldname]: message });
      }
      files[part.fieldname] = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const { sizeMessage } = uploadFields.find((upload) => upload.field === reading)!;
      throw new AppError(400, sizeMessage, { [reading]: sizeMessage });
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError(400, `Send at most ${fileFields.length} files: ${fileFields.join(', ')}`);
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError || (status !== undefined && status >= 400 && status < 500)) throw err;
    // The parser's own errors (no closing boundary, broken part headers) are a malformed request, not ours.
    throw new AppError(400, 'The form could not be read');
  }
  refuseBadText(fields);
  return { fields, files };
}

/**
 * A preValidation hook for forms that carry several named images: multipart (the files `uploadFields` name) or JSON
 * (each image as a data URL in its field). It leaves the other fields as `request.body`, so the route's declared
 * body schema validates them like any JSON body, and keeps the images for `uploadedFiles(request)`. Run it after
 * authentication (onRequest), so no upload is read for a caller who may not send it.
 */
export function readUploads(uploadFields: readonly UploadField[]) {
  return async function readUploadsHook(request: FastifyRequest): Promise<void> {
    if (request.isMultipart()) {
      const { fields, files } = await readMultipart(request, uploadFields);
      request.body = fields;
      uploads.set(request, files);
      return;
    }
    const body = request.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) return;
    const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    const files: Record<string, Buffer> = {};
    for (const upload of uploadFields) {
      const file = decodeImageField(upload, fields[upload.field]);
      delete fields[upload.field];
      if (file) files[upload.field] = file;
    }
    request.body = fields;
    uploads.set(request, files);
  };
}

/** The images `readUploads` took from this request, by field. */
export function uploadedFiles(request: FastifyRequest): Record<string, Buffer> {
  return uploads.get(request) ?? {};
}
