import multipart from '@fastify/multipart';
import { ErrorBody } from '@beatroom/shared/auth-contract';
import { UPLOAD_FIELDS, UploadResponse } from '@beatroom/shared/beats-contract';
import { LIMITS } from '@beatroom/shared/constants';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { badRequest } from '../../plugins/errors';

const responses = { 200: UploadResponse, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody };
/** A signed-out upload is refused before its body is read. */
const signedIn = async (request: FastifyRequest) => void requireUser(request);

/** The one file part of a multipart request, in the expected field. */
async function filePart(request: FastifyRequest, field: string, maxBytes: number, missing: string) {
  if (!request.isMultipart())
    throw badRequest(`Send the file as multipart/form-data in the field "${field}"`);
  // One byte over the limit reaches the service, which answers 413 and stores nothing.
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10, parts: 12 } });
  if (!part) throw badRequest(missing);
  if (part.fieldname !== field) {
    part.file.resume();
    throw badRequest(`Send the file in the multipart field "${field}"`);
  }
  return part;
}

/**
 * POST /api/upload/audio and /api/upload/image. Multipart is registered here, scoped to these
 * routes, so other features can register their own limits.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  const { uploads } = app;

  app.post('/api/upload/audio', { onRequest: signedIn, schema: { response: responses } }, async (request) => {
    const user = requireUser(request);
    const part = await filePart(
      request,
      UPLOAD_FIELDS.audio,
      LIMITS.AUDIO_MAX_BYTES,
      'Please select an audio file',
    );
    return uploads.storeAudio(user.id, part.file, part.filename);
  });

  app.post('/api/upload/image', { onRequest: signedIn, schema: { response: responses } }, async (request) => {
    const user = requireUser(request);
    const part = await filePart(
      request,
      UPLOAD_FIELDS.image,
      LIMITS.IMAGE_MAX_BYTES,
      'Please select an image',
    );
    return uploads.storeImage(user.id, part.file, part.filename);
  });
};
