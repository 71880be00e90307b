import multipart from '@fastify/multipart';
import { ErrorBody } from '@beatroom/shared/auth-contract';
import { wholeFileResponses } from '@beatroom/shared/files-contract';
import {
  CreateTicketBody,
  SUPPORT_KEY_PATTERN,
  SUPPORT_LIMITS,
  SUPPORT_TEXTS,
  SupportCategoriesResponse,
  SupportTicket,
  TicketMessage,
  TicketMessagesResponse,
  TicketNumberParams,
  TicketsResponse,
  UploadedSupportFile,
  UserReplyBody,
} from '@beatroom/shared/support-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { signedInUser } from '../../../http/authenticate';
import { badRequest } from '../../../http/http-errors';
import { errorResponses } from '../../../http/error-responses';
import { uploadRateLimit } from '../../../http/upload-rate-limit';

const MULTIPART_BOUNDARY = /;\s*boundary=(?:"[^"]+"|[^\s;"]+)/i;
const NOT_MULTIPART = 'Send the file as multipart/form-data in the field "file"';
const errors = errorResponses(400, 401, 404);

/** The member's side of support. Every route needs a session. */
export const supportRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // Scoped here: support files have their own limits, other features register theirs.
  await app.register(multipart);
  const { support } = app;
  const noStore = { 'cache-control': 'no-store' };

  app.get('/api/support/categories', { schema: { response: { 200: SupportCategoriesResponse } } }, async () =>
    support.categories(),
  );

  app.get(
    '/api/support/tickets',
    { onRequest: app.authenticate, schema: { response: { 200: TicketsResponse, 401: ErrorBody } } },
    async (request, reply) => {
      reply.headers(noStore);
      return support.listOwn(signedInUser(request));
    },
  );

  app.post(
    '/api/support/tickets',
    {
      onRequest: app.authenticate,
      schema: { body: CreateTicketBody, response: { 201: SupportTicket, ...errors } },
    },
    async (request, reply) => {
      reply.status(201);
      return support.create(signedInUser(request), request.body);
    },
  );

  app.get(
    '/api/support/tickets/:ticketNumber',
    {
      onRequest: app.authenticate,
      schema: { params: TicketNumberParams, response: { 200: SupportTicket, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return support.ticket(signedInUser(request), request.params.ticketNumber);
    },
  );

  app.get(
    '/api/support/tickets/:ticketNumber/messages',
    {
      onRequest: app.authenticate,
      schema: { params: TicketNumberParams, response: { 200: TicketMessagesResponse, ...errors } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return support.messages(signedInUser(request), request.params.ticketNumber);
    },
  );

  app.post(
    '/api/support/tickets/:ticketNumber/messages',
    {
      onRequest: app.authenticate,
      schema: {
        params: TicketNumberParams,
        body: UserReplyBody,
        response: { 201: TicketMessage, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return support.reply(signedInUser(request), request.params.ticketNumber, request.body);
    },
  );

  app.post(
    '/api/support/upload',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: uploadRateLimit('support-upload', config.uploadRateLimitMax),
      },
      schema: {
        response: {
          200: UploadedSupportFile,
          400: ErrorBody,
          401: ErrorBody,
          413: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      if (!request.isMultipart() || !MULTIPART_BOUNDARY.test(request.headers['content-type'] ?? '')) {
        throw badRequest(NOT_MULTIPART);
      }
      // One byte over reaches the service, which answers 413 and keeps nothing.
      const part = await request.file({
        limits: { fileSize: SUPPORT_LIMITS.FILE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
      });
      if (!part) throw badRequest('Please select a file');
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(NOT_MULTIPART);
      }
      return support.upload(user, part.file, part.filename);
    },
  );

  /**
   * An attachment, to the ticket's owner and admins only (its uploader before it is attached).
   * Never cached by shared caches, never sniffed into HTML, sandboxed if opened as a page.
   */
  app.get(
    '/api/support/attachments/*',
    {
      onRequest: app.authenticate,
      schema: {
        params: z.object({ '*': z.string().regex(SUPPORT_KEY_PATTERN, SUPPORT_TEXTS.ATTACHMENT_NOT_FOUND) }),
        response: wholeFileResponses('*/*', 'The attachment, sandboxed if opened as a page.'),
      },
    },
    async (request, reply) => {
      const file = await support.attachment(signedInUser(request), request.params['*']);
      reply.headers({
        'content-type': file.contentType,
        'content-length': file.size,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
        'content-disposition': 'inline',
      });
      return reply.send(file.body);
    },
  );
};
