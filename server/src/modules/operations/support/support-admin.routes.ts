import {
  AdminListResponse,
  AdminReplyBody,
  AdminTicketsQuery,
  SupportStats,
  SupportTicket,
  TicketMessage,
  TicketMessagesResponse,
  TicketNumberParams,
  TicketsResponse,
  UpdateTicketBody,
} from '@beatroom/shared/support-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The support desk. requireAdmin answers 401 signed out
 * and 403 for non-admins before any input is validated or data read.
 */
export const supportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { support } = app;
  const guard = { onRequest: app.requireAdmin };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/support/stats',
    { ...guard, schema: { response: { 200: SupportStats, ...errors } } },
    async () => support.stats(),
  );

  app.get(
    '/api/admin/support/tickets',
    { ...guard, schema: { querystring: AdminTicketsQuery, response: { 200: TicketsResponse, ...errors } } },
    async (request) => support.listAll(request.query),
  );

  app.get(
    '/api/admin/support/tickets/:ticketNumber',
    { ...guard, schema: { params: TicketNumberParams, response: { 200: SupportTicket, ...errors } } },
    async (request) => support.adminTicket(request.params.ticketNumber),
  );

  app.patch(
    '/api/admin/support/tickets/:ticketNumber',
    {
      ...guard,
      schema: {
        params: TicketNumberParams,
        body: UpdateTicketBody,
        response: { 200: SupportTicket, ...errors },
      },
    },
    async (request) => support.update(signedInUser(request), request.params.ticketNumber, request.body),
  );

  app.get(
    '/api/admin/support/tickets/:ticketNumber/messages',
    {
      ...guard,
      schema: { params: TicketNumberParams, response: { 200: TicketMessagesResponse, ...errors } },
    },
    async (request) => support.adminMessages(request.params.ticketNumber),
  );

  app.post(
    '/api/admin/support/tickets/:ticketNumber/messages',
    {
      ...guard,
      schema: {
        params: TicketNumberParams,
        body: AdminReplyBody,
        response: { 201: TicketMessage, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return support.adminReply(signedInUser(request), request.params.ticketNumber, request.body);
    },
  );

  app.get(
    '/api/admin/support/admins',
    { ...guard, schema: { response: { 200: AdminListResponse, ...errors } } },
    async () => support.admins(),
  );
};
