import {
  AdminListResponse,
  SupportStats,
  SupportTicket,
  TicketMessage,
  TicketMessagesResponse,
  TicketsResponse,
  type AdminReplyBody,
  type AdminTicketsQuery,
  type UpdateTicketBody,
} from '@beatroom/shared/support-contract';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** The filters of the admin ticket list (all optional; '' means any). */
export interface DeskFilters {
  status: string;
  priority: string;
  category: string;
  search: string;
}

export const deskKeys = {
  all: ['support-desk'] as const,
  stats: ['support-desk', 'stats'] as const,
  lists: ['support-desk', 'tickets'] as const,
  list: (filters: DeskFilters) => ['support-desk', 'tickets', filters] as const,
  ticket: (n: string) => ['support-desk', 'ticket', n] as const,
  messages: (n: string) => ['support-desk', 'ticket', n, 'messages'] as const,
  admins: ['support-desk', 'admins'] as const,
};

const ticketPath = (n: string) => `/api/admin/support/tickets/${encodeURIComponent(n)}`;

export const deskStatsQueryOptions = () =>
  queryOptions({
    queryKey: deskKeys.stats,
    queryFn: ({ signal }) => apiClient.get('/api/admin/support/stats', { schema: SupportStats, signal }),
  });

export const deskTicketsQueryOptions = (filters: DeskFilters) =>
  queryOptions({
    queryKey: deskKeys.list(filters),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(filters) as [keyof AdminTicketsQuery, string][]) {
        if (value.trim()) params.set(name, value.trim());
      }
      const query = params.toString();
      return (
        await apiClient.get(`/api/admin/support/tickets${query ? `?${query}` : ''}`, {
          schema: TicketsResponse,
          signal,
        })
      ).tickets;
    },
    placeholderData: keepPreviousData,
  });

export const deskTicketQueryOptions = (n: string) =>
  queryOptions({
    queryKey: deskKeys.ticket(n),
    queryFn: ({ signal }) => apiClient.get(ticketPath(n), { schema: SupportTicket, signal }),
    retry: false,
  });

export const deskMessagesQueryOptions = (n: string) =>
  queryOptions({
    queryKey: deskKeys.messages(n),
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${ticketPath(n)}/messages`, { schema: TicketMessagesResponse, signal })).messages,
    retry: false,
  });

export const deskAdminsQueryOptions = () =>
  queryOptions({
    queryKey: deskKeys.admins,
    queryFn: async ({ signal }) =>
      (await apiClient.get('/api/admin/support/admins', { schema: AdminListResponse, signal })).admins,
    staleTime: 60_000,
  });

export const updateDeskTicket = (n: string, body: UpdateTicketBody) =>
  apiClient.patch(ticketPath(n), { body, schema: SupportTicket });

export const sendDeskReply = (n: string, body: AdminReplyBody) =>
  apiClient.post(`${ticketPath(n)}/messages`, { body, schema: TicketMessage });

/** A realtime `support` message: the desk's list, stats and that ticket refetch. */
export function receiveDeskUpdate(queryClient: QueryClient, ticketNumber: string): void {
  void queryClient.invalidateQueries({ queryKey: deskKeys.stats });
  void queryClient.invalidateQueries({ queryKey: deskKeys.lists });
  void queryClient.invalidateQueries({ queryKey: deskKeys.ticket(ticketNumber) });
}
