import {
  AdminBeatsResponse,
  AdminListQuery,
  AdminLogsQuery,
  AdminLogsResponse,
  AdminOk,
  AdminSettingRow,
  AdminSettingsResponse,
  AdminUsersResponse,
  DashboardStats,
  SetAdminBody,
  SetFeaturedBody,
  SetOwnerBody,
  SetSettingBody,
  SettingKeyParams,
} from '@beatroom/shared/admin-contract';
import { ErrorBody } from '@beatroom/shared/auth-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { beatIdParams, userIdParams } from '../../../http/params';
import { errorResponses } from '../../../http/error-responses';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The admin panel's calls. Every route runs requireAdmin first
 * (401 signed out, 403 non-admin) before its input is read; owner powers are the service's.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: app.requireAdmin };

  app.get(
    '/api/admin/dashboard',
    { ...guard, schema: { response: { 200: DashboardStats, ...errors } } },
    () => app.admin.dashboard(),
  );

  app.get(
    '/api/admin/users',
    { ...guard, schema: { querystring: AdminListQuery, response: { 200: AdminUsersResponse, ...errors } } },
    (request) => app.admin.users(request.query.page, request.query.limit, request.query.search || undefined),
  );

  app.patch(
    '/api/admin/users/:id/admin',
    { ...guard, schema: { params: userIdParams, body: SetAdminBody, response: { 200: AdminOk, ...errors } } },
    async (request) => {
      await app.admin.setAdmin(signedInUser(request), request.params.id, request.body.isAdmin);
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/admin/users/:id/owner',
    { ...guard, schema: { params: userIdParams, body: SetOwnerBody, response: { 200: AdminOk, ...errors } } },
    async (request) => {
      await app.admin.setOwner(signedInUser(request), request.params.id, request.body.isOwner);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/admin/users/:id',
    { ...guard, schema: { params: userIdParams, response: { 200: AdminOk, ...errors } } },
    async (request) => {
      await app.admin.deleteUser(signedInUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/beats',
    { ...guard, schema: { querystring: AdminListQuery, response: { 200: AdminBeatsResponse, ...errors } } },
    (request) => app.admin.beats(request.query.page, request.query.limit, request.query.search || undefined),
  );

  app.patch(
    '/api/admin/beats/:id/featured',
    {
      ...guard,
      schema: { params: beatIdParams, body: SetFeaturedBody, response: { 200: AdminOk, ...errors } },
    },
    async (request) => {
      await app.admin.setFeatured(signedInUser(request), request.params.id, request.body.isFeatured);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/admin/beats/:id',
    { ...guard, schema: { params: beatIdParams, response: { 200: AdminOk, 409: ErrorBody, ...errors } } },
    async (request) => {
      await app.admin.deleteBeat(signedInUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/settings',
    { ...guard, schema: { response: { 200: AdminSettingsResponse, ...errors } } },
    () => app.adminSettings.list(),
  );

  app.patch(
    '/api/admin/settings/:key',
    {
      ...guard,
      schema: {
        params: SettingKeyParams,
        body: SetSettingBody,
        response: { 200: AdminSettingRow, ...errors },
      },
    },
    (request) => app.adminSettings.set(signedInUser(request), request.params.key, request.body.value),
  );

  app.get(
    '/api/admin/logs',
    { ...guard, schema: { querystring: AdminLogsQuery, response: { 200: AdminLogsResponse, ...errors } } },
    (request) => app.audit.page(request.query.page, request.query.limit),
  );
};
