import {
  MarkReadResponse,
  NotificationListQuery,
  NotificationListResponse,
  UnreadCountResponse,
} from '@beatroom/shared/community-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { idParams } from '../../../http/params';
import { NOTIFICATION_NOT_FOUND } from './notifications.service';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 404);

/** The caller's own notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      onRequest: app.authenticate,
      schema: { querystring: NotificationListQuery, response: { 200: NotificationListResponse, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.notifications.list(signedInUser(request), request.query);
    },
  );

  app.get(
    '/api/notifications/unread-count',
    { onRequest: app.authenticate, schema: { response: { 200: UnreadCountResponse, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.notifications.unreadCount(signedInUser(request));
    },
  );

  app.patch(
    '/api/notifications/read-all',
    { onRequest: app.authenticate, schema: { response: { 200: MarkReadResponse, ...errors } } },
    async (request) => app.notifications.markAllRead(signedInUser(request)),
  );

  app.patch(
    '/api/notifications/:id/read',
    {
      onRequest: app.authenticate,
      schema: { params: idParams(NOTIFICATION_NOT_FOUND), response: { 200: MarkReadResponse, ...errors } },
    },
    async (request) => app.notifications.markRead(signedInUser(request), request.params.id),
  );
};
