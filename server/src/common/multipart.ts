import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@strongroom/shared';
import { AppError } from './app-error';
import { refuseBadText } from './bad-text';
import { decodeDataUrl } from '../modules/files/image-bytes';

export interface ParsedForm {
  fields: Record<string, unknown>;
  file?: Buffer;
}

/**
 * Reads a form that may carry one image: multipart (file in `fileField`) or JSON (the image as a data URL
 * in the same field). The image is returned apart from the other fields, which go to yup.
 */
export async function readFormWithImage(request: FastifyRequest, fileField: string, sizeMessage: string): Promise<ParsedForm> {
  if (request.isMultipart()) {
    const fields: Record<string, unknown> = {};
    let file: Buffer | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== fileField) {
            await part.toBuffer().catch(() => undefined);
            throw new AppError(400, `Unknown field: ${part.fieldname}`, { [part.fieldname]: `Unknown field: ${part.fieldname}` });
          }
          file = await part.toBuffer();
        } else {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(400, sizeMessage, { [fileField]: sizeMessage });
      if (err instanceof AppError) throw err;
      // busboy's own failures (no boundary, a body that is not multipart, a truncated part) are the client's.
      throw new AppError(400, 'The request is not valid multipart/form-data');
    }
    refuseBadText(fields);
    return { fields, file };
  }
  const body = request.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, 'The request body must be a JSON object');
  }
  const { [fileField]: image, ...fields } = body as Record<string, unknown>;
  if (image === undefined || image === null || image === '') return { fields };
  if (typeof image !== 'string') throw new AppError(400, 'The image must be a data URL', { [fileField]: 'The image must be a data URL' });
  const file = decodeDataUrl(image);
  if (!file) throw new AppError(400, 'The image must be a data URL', { [fileField]: 'The image must be a data URL' });
  if (file.length > UPLOAD_MAX_BYTES) throw new AppError(400, sizeMessage, { [fileField]: sizeMessage });
  return { fields, file };
}
