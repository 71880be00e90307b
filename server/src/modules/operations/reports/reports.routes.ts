import {
  AdminOk,
  AdminReportsQuery,
  AdminReportsResponse,
  CreatedReport,
  CreateReportBody,
  ResolveReportBody,
} from '@beatroom/shared/admin-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { idParams } from '../../../http/params';
import { REPORT_NOT_FOUND } from './reports.service';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Members report content; admins work the moderation queue. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reports',
    {
      onRequest: app.authenticate,
      schema: { body: CreateReportBody, response: { 200: CreatedReport, ...errors } },
    },
    (request) => app.reports.create(signedInUser(request), request.body),
  );

  app.get(
    '/api/admin/reports',
    {
      onRequest: app.requireAdmin,
      schema: { querystring: AdminReportsQuery, response: { 200: AdminReportsResponse, ...errors } },
    },
    (request) => app.reports.list(request.query.status, request.query.page, request.query.limit),
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: idParams(REPORT_NOT_FOUND),
        body: ResolveReportBody,
        response: { 200: AdminOk, ...errors },
      },
    },
    (request) => app.reports.resolve(signedInUser(request), request.params.id, request.body),
  );
};
