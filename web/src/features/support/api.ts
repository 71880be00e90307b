import {
  SupportCategoriesResponse,
  SupportTicket,
  TicketMessage,
  TicketMessagesResponse,
  TicketsResponse,
  UploadedSupportFile,
  type CreateTicketBody,
  type UserReplyBody,
} from '@beatroom/shared/support-contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** Every support query key of the member's side, defined once. */
export const supportKeys = {
  all: ['support'] as const,
  categories: ['support', 'categories'] as const,
  tickets: ['support', 'tickets'] as const,
  ticket: (n: string) => ['support', 'ticket', n] as const,
  messages: (n: string) => ['support', 'ticket', n, 'messages'] as const,
};

const ticketPath = (n: string) => `/api/support/tickets/${encodeURIComponent(n)}`;

export const supportCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.categories,
    queryFn: async ({ signal }) =>
      (await apiClient.get('/api/support/categories', { schema: SupportCategoriesResponse, signal }))
        .categories,
    staleTime: Infinity,
  });

export const myTicketsQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.tickets,
    queryFn: async ({ signal }) =>
      (await apiClient.get('/api/support/tickets', { schema: TicketsResponse, signal })).tickets,
  });

export const ticketQueryOptions = (n: string) =>
  queryOptions({
    queryKey: supportKeys.ticket(n),
    queryFn: ({ signal }) => apiClient.get(ticketPath(n), { schema: SupportTicket, signal }),
    retry: false,
  });

export const ticketMessagesQueryOptions = (n: string) =>
  queryOptions({
    queryKey: supportKeys.messages(n),
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${ticketPath(n)}/messages`, { schema: TicketMessagesResponse, signal })).messages,
    retry: false,
  });

/** POST /api/support/upload: one file, checked by content on the server → its key. */
export async function uploadSupportFile(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await apiClient.post('/api/support/upload', { body: form, schema: UploadedSupportFile })).key;
}

export const createTicket = (body: CreateTicketBody) =>
  apiClient.post('/api/support/tickets', { body, schema: SupportTicket });

export const sendReply = (n: string, body: UserReplyBody) =>
  apiClient.post(`${ticketPath(n)}/messages`, { body, schema: TicketMessage });

/** A realtime `support` message about a ticket: the member's views of it refetch. */
export function receiveSupportUpdate(queryClient: QueryClient, ticketNumber: string): void {
  void queryClient.invalidateQueries({ queryKey: supportKeys.tickets });
  void queryClient.invalidateQueries({ queryKey: supportKeys.ticket(ticketNumber) });
}
