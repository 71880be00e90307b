import multipart from '@fastify/multipart';
import { UPLOAD_FIELDS, UploadResponse } from '@beatroom/shared/files-contract';
import { LIMITS } from '@beatroom/shared/limits';
import { UploadQuota } from '@beatroom/shared/upload-quota-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { badRequest, tooLarge } from '../../../http/http-errors';
import type { Config } from '../../../config';
import { uploadRateLimit } from '../../../http/upload-rate-limit';

/** A multipart content type's boundary parameter, quoted or not; busboy needs one to parse. */
const MULTIPART_BOUNDARY = /;\s*boundary=(?:"[^"]+"|[^\s;"]+)/i;
const responses = { 200: UploadResponse, ...errorResponses(400, 401, 413, 429) };

/** The one file part of a multipart request, in the expected field. */
async function filePart(request: FastifyRequest, field: string, maxBytes: number, missing: string) {
  const notMultipart = `Send the file as multipart/form-data in the field "${field}"`;
  if (!request.isMultipart()) throw badRequest(notMultipart);
  // Without a boundary busboy throws a plain Error (a 500): it is the client's mistake, a 400.
  if (!MULTIPART_BOUNDARY.test(request.headers['content-type'] ?? '')) throw badRequest(notMultipart);
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
export const uploadsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  await app.register(multipart);
  const { uploads } = app;
  // Attempts per user per hour, each route, failed ones included: each costs a decode. (The
  // bytes are bounded by the quota and the daily allowance, from what was stored.)
  const uploadLimit = uploadRateLimit('upload', config.uploadRateLimitMax);

  /** The user's allowance, refused (413, naming what is left) before a byte is read when nothing is. */
  const allowanceOf = async (userId: string) => {
    const allowance = await uploads.allowance(userId);
    if (allowance.bytes <= 0) throw tooLarge(allowance.message);
    return allowance;
  };

  app.get(
    '/api/uploads/quota',
    { onRequest: app.authenticate, schema: { response: { 200: UploadQuota, ...errorResponses(401) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return uploads.quota(signedInUser(request).id);
    },
  );

  /** One upload route per kind: who asks, what they may still store, the one file part, stored. */
  const uploadRoute = (
    kind: 'audio' | 'image',
    maxBytes: number,
    missing: string,
    store: typeof uploads.storeAudio,
  ) =>
    app.post(
      `/api/upload/${kind}`,
      { onRequest: app.authenticate, config: { rateLimit: uploadLimit }, schema: { response: responses } },
      async (request) => {
        const user = signedInUser(request);
        const allowance = await allowanceOf(user.id);
        const part = await filePart(request, UPLOAD_FIELDS[kind], maxBytes, missing);
        return store(user.id, part.file, part.filename, allowance);
      },
    );
  uploadRoute('audio', LIMITS.AUDIO_MAX_BYTES, 'Please select an audio file', uploads.storeAudio);
  uploadRoute('image', LIMITS.IMAGE_MAX_BYTES, 'Please select an image', uploads.storeImage);
};
