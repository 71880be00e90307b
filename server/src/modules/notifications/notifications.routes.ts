import { ErrorBody } from '@beatroom/shared/auth-contract';
import {
  MarkReadResponse,
  NotificationIdParams,
  NotificationListQuery,
  NotificationListResponse,
  UnreadCountResponse,
} from '@beatroom/shared/community-contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Runs before validation, so a signed-out caller gets 401 even with bad input. */
const signedIn = async (request: FastifyRequest) => void requireUser(request);

/** The caller's own notifications (platform.md §7, community.md §7). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      onRequest: signedIn,
      schema: { querystring: NotificationListQuery, response: { 200: NotificationListResponse, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.notifications.list(requireUser(request), request.query);
    },
  );

  app.get(
    '/api/notifications/unread-count',
    { onRequest: signedIn, schema: { response: { 200: UnreadCountResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.notifications.unreadCount(requireUser(request));
    },
  );

  app.patch(
    '/api/notifications/read-all',
    { onRequest: signedIn, schema: { response: { 200: MarkReadResponse, ...errors } } },
    async (request) => app.notifications.markAllRead(requireUser(request)),
  );

  app.patch(
    '/api/notifications/:id/read',
    {
      onRequest: signedIn,
      schema: { params: NotificationIdParams, response: { 200: MarkReadResponse, ...errors } },
    },
    async (request) => app.notifications.markRead(requireUser(request), request.params.id),
  );
};
