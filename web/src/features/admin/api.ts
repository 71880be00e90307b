import {
  AdminBeatsResponse,
  AdminLogsResponse,
  AdminReportsResponse,
  AdminSettingRow,
  AdminSettingsResponse,
  AdminUsersResponse,
  DashboardStats,
  type ResolveReportBody,
} from '@beatroom/shared/admin-contract';
import { AdminOrdersResponse, AdminRefundResponse } from '@beatroom/shared/refunds-contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { publicSettingsKey } from './public-settings';

/** Every admin query key, once. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => ['admin', 'dashboard'] as const,
  users: (page: number, search: string) => ['admin', 'users', page, search] as const,
  beats: (page: number, search: string) => ['admin', 'beats', page, search] as const,
  settings: () => ['admin', 'settings'] as const,
  logs: (page: number) => ['admin', 'logs', page] as const,
  reports: (status: string, page: number) => ['admin', 'reports', status, page] as const,
  orders: (q: string) => ['admin', 'orders', q] as const,
  /** The layout's public settings (public-settings.ts): an edited banner shows at once. */
  publicSettings: publicSettingsKey,
};

const list = (page: number, search: string) =>
  `page=${page}&limit=20${search.trim() ? `&search=${encodeURIComponent(search.trim())}` : ''}`;

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => apiClient.get('/api/admin/dashboard', { schema: DashboardStats, signal }),
    // The server's 403 is the answer, not a hiccup to retry (the page then goes home).
    retry: false,
  });

export const adminUsersQueryOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: adminKeys.users(page, search),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/admin/users?${list(page, search)}`, { schema: AdminUsersResponse, signal }),
    placeholderData: keepPreviousData,
  });

export const adminBeatsQueryOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: adminKeys.beats(page, search),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/admin/beats?${list(page, search)}`, { schema: AdminBeatsResponse, signal }),
    placeholderData: keepPreviousData,
  });

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => apiClient.get('/api/admin/settings', { schema: AdminSettingsResponse, signal }),
  });

export const adminLogsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.logs(page),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/admin/logs?page=${page}&limit=50`, { schema: AdminLogsResponse, signal }),
    placeholderData: keepPreviousData,
  });

export const adminReportsQueryOptions = (status: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.reports(status, page),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/admin/reports?status=${status}&page=${page}&limit=20`, {
        schema: AdminReportsResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The Orders tab: paid orders by buyer, beat title or invoice number (newest first). */
export const adminOrdersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminKeys.orders(q.trim()),
    queryFn: ({ signal }) =>
      apiClient.get(`/api/admin/orders?q=${encodeURIComponent(q.trim())}`, {
        schema: AdminOrdersResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const refundOrder = (id: string, reason: string) =>
  apiClient.post(`/api/admin/orders/${id}/refund`, { body: { reason }, schema: AdminRefundResponse });

export const setUserAdmin = (id: string, isAdmin: boolean) =>
  apiClient.patch(`/api/admin/users/${id}/admin`, { body: { isAdmin } });
export const setUserOwner = (id: string, isOwner: boolean) =>
  apiClient.patch(`/api/admin/users/${id}/owner`, { body: { isOwner } });
export const deleteUser = (id: string) => apiClient.delete(`/api/admin/users/${id}`);
export const setBeatFeatured = (id: string, isFeatured: boolean) =>
  apiClient.patch(`/api/admin/beats/${id}/featured`, { body: { isFeatured } });
export const deleteBeat = (id: string) => apiClient.delete(`/api/admin/beats/${id}`);
export const updateSetting = (key: string, value: unknown) =>
  apiClient.patch(`/api/admin/settings/${encodeURIComponent(key)}`, {
    body: { value },
    schema: AdminSettingRow,
  });
export const resolveReport = (id: string, body: ResolveReportBody) =>
  apiClient.post(`/api/admin/reports/${id}/resolve`, { body });
