import { storedFileResponses } from '@beatroom/shared/files-contract';
import {
  DownloadHistoryItem,
  DownloadRequestBody,
  DownloadResponse,
  DownloadStatus,
  PurchaseItem,
} from '@beatroom/shared/downloads-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { beatIdParams, userIdParams } from '../../../http/params';

/**
 * The token of /api/downloads/{token}; its shape is checked by the signer, not here. A wildcard,
 * because a token (it carries the file key and name) is longer than a path parameter may be.
 */
const TokenParams = z.object({ '*': z.string().max(4096) });

/**
 * `attachment` with the name twice: plain ASCII for old clients, RFC 8187 UTF-8 for the rest,
 * so "Été à Paris.wav" saves under its own name.
 */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const errors = errorResponses(400, 401, 402, 403, 404, 409);

/** Download status, download links and the download and purchase history. */
export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/beats/:id/download-status',
    {
      onRequest: app.authenticate,
      schema: { params: beatIdParams, response: { 200: DownloadStatus, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.downloads.status(signedInUser(request), request.params.id);
    },
  );

  app.post(
    '/api/beats/:id/download',
    {
      onRequest: app.authenticate,
      schema: {
        params: beatIdParams,
        // Optional (Fastify hands a bodiless POST in as null): no body keeps the
        // preference-then-licence choice.
        body: DownloadRequestBody.nullish(),
        response: { 200: DownloadResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.downloads.request(signedInUser(request), request.params.id, request.body ?? {});
    },
  );

  app.post(
    '/api/beats/:id/stems/download',
    {
      onRequest: app.authenticate,
      schema: {
        params: beatIdParams,
        response: { 200: DownloadResponse.pick({ downloadUrl: true, filename: true }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.downloads.stems(signedInUser(request), request.params.id);
    },
  );

  app.get(
    '/api/users/:id/downloads',
    {
      onRequest: app.authenticate,
      schema: { params: userIdParams, response: { 200: z.array(DownloadHistoryItem), ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.downloads.history(signedInUser(request), request.params.id);
    },
  );

  app.get(
    '/api/users/:id/purchases',
    {
      onRequest: app.authenticate,
      schema: { params: userIdParams, response: { 200: z.array(PurchaseItem), ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.downloads.purchases(signedInUser(request), request.params.id);
    },
  );

  // The signed link: the same user only, within its five minutes; the file as an attachment,
  // with Range so a large WAV can resume (files' readPrivate: never kept by a shared cache).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/downloads/*',
    onRequest: app.authenticate,
    schema: { params: TokenParams, response: storedFileResponses('*/*') },
    handler: async (request, reply) => {
      const grant = app.downloads.grant(signedInUser(request), request.params['*']);
      const { headers } = request;
      const answer = await app.files.readPrivate(grant.key, {
        head: request.method === 'HEAD',
        range: headers.range,
        ifNoneMatch: headers['if-none-match'],
        ifRange: [headers['if-range']].flat()[0],
      });
      reply.status(answer.status);
      if (answer.status === 404) return reply.send({ error: answer.error });
      reply.headers(answer.headers);
      reply.header('content-disposition', attachment(grant.filename));
      if (answer.status === 416) return reply.send({ error: answer.error });
      if (answer.status === 304) return reply.send();
      return reply.send(answer.body ?? undefined);
    },
  });
};
