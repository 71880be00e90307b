import {
  MarkReadResponse,
  NotificationListResponse,
  UnreadCountResponse,
  type NotificationListQuery,
} from '@beatroom/shared/community-contract';
import { PAGE_SIZES, TIMINGS, UI } from '@beatroom/shared/limits';
import type { Notification } from '@beatroom/shared/realtime-objects-contract';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** The page's filters: read status and, optionally, one type. */
export type NotificationFilters = Pick<NotificationListQuery, 'read' | 'type'>;

/**
 * Every notification query key, defined once and keyed by user, so another account never sees
 * the previous one's list. Everything of one user sits under user(id) for one-prefix updates.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  user: (userId: string) => ['notifications', userId] as const,
  unreadCount: (userId: string) => ['notifications', userId, 'unread-count'] as const,
  /** The bell's latest 10. */
  latest: (userId: string) => ['notifications', userId, 'latest'] as const,
  pages: (userId: string) => ['notifications', userId, 'pages'] as const,
  page: (userId: string, filters: NotificationFilters) =>
    ['notifications', userId, 'pages', filters] as const,
};

/** GET /api/notifications/unread-count, polled every 30 s as well as pushed over the socket. */
export function unreadCountQueryOptions(userId: string) {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(userId),
    queryFn: async ({ signal }) =>
      (await apiClient.get('/api/notifications/unread-count', { schema: UnreadCountResponse, signal })).count,
    refetchInterval: TIMINGS.NOTIFICATION_POLL_MS,
    staleTime: 0,
  });
}

/** GET /api/notifications?limit=10: the bell's dropdown. */
export function latestNotificationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: notificationKeys.latest(userId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get(`/api/notifications?limit=${UI.NOTIFICATION_DROPDOWN_LIMIT}`, {
          schema: NotificationListResponse,
          signal,
        })
      ).notifications,
    staleTime: 0,
  });
}

/** GET /api/notifications?page=N&limit=20&read=…&type=…: the page, one page at a time. */
export function notificationPagesQueryOptions(userId: string, filters: NotificationFilters) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.page(userId, filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        page: String(pageParam),
        limit: String(PAGE_SIZES.NOTIFICATIONS),
        read: filters.read,
      });
      if (filters.type) params.set('type', filters.type);
      return apiClient.get(`/api/notifications?${params.toString()}`, {
        schema: NotificationListResponse,
        signal,
      });
    },
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
    staleTime: 0,
  });
}

/** PATCH /api/notifications/{id}/read → the new unread count. */
export async function markNotificationRead(id: string): Promise<number> {
  const { count } = await apiClient.patch(`/api/notifications/${encodeURIComponent(id)}/read`, {
    schema: MarkReadResponse,
  });
  return count;
}

/** PATCH /api/notifications/read-all → the new unread count (0). */
export async function markAllNotificationsRead(): Promise<number> {
  const { count } = await apiClient.patch('/api/notifications/read-all', { schema: MarkReadResponse });
  return count;
}

/**
 * Where a notification leads: a new beat or a review to
 * the beat, a new follower to the follower's profile; promotional ones lead nowhere.
 */
export function notificationTarget(notification: Notification): string | null {
  const { type, data } = notification;
  if ((type === 'new_beat' || type === 'beat_review') && data.beatId) {
    return `/beats/${encodeURIComponent(data.beatId)}`;
  }
  if (type === 'new_follower' && data.followerId) return `/profile/${encodeURIComponent(data.followerId)}`;
  if (type === 'support_reply' && data.ticketNumber)
    return `/support/ticket/${encodeURIComponent(data.ticketNumber)}`;
  if (type === 'challenge_result' && data.challengeId)
    return `/challenges/${encodeURIComponent(data.challengeId)}`;
  // The request's page: the requester sees the responses; the accepted responder, Open Session.
  if ((type === 'collaboration_response' || type === 'collaboration_accepted') && data.collaborationId)
    return `/collaborations/${encodeURIComponent(data.collaborationId)}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Cache updates, shared by the screens' mutations and the realtime connection
// ---------------------------------------------------------------------------------------------

type PagesData = { pages: NotificationListResponse[]; pageParams: unknown[] };

function mapCachedNotifications(
  queryClient: QueryClient,
  userId: string,
  update: (notification: Notification) => Notification,
): void {
  queryClient.setQueryData<Notification[]>(notificationKeys.latest(userId), (list) => list?.map(update));
  queryClient.setQueriesData<PagesData>({ queryKey: notificationKeys.pages(userId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, notifications: page.notifications.map(update) })),
        }
      : data,
  );
}

/** Shows one notification as read everywhere it is cached (until the next refetch says so too). */
export function markReadInCache(queryClient: QueryClient, userId: string, id: string, readAt: string): void {
  mapCachedNotifications(queryClient, userId, (n) =>
    n.id === id && !n.read_at ? { ...n, read_at: readAt } : n,
  );
}

export function markAllReadInCache(queryClient: QueryClient, userId: string, readAt: string): void {
  mapCachedNotifications(queryClient, userId, (n) => (n.read_at ? n : { ...n, read_at: readAt }));
}

/**
 * A count from the server's latest word (a push or a mark-read answer) is newer than any count
 * request still in flight: that request is cancelled, so its older answer cannot overwrite it.
 */
function writeUnreadCount(
  queryClient: QueryClient,
  userId: string,
  update: (count: number | undefined) => number,
) {
  const queryKey = notificationKeys.unreadCount(userId);
  void queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData<number>(queryKey, update);
}

export function setUnreadCount(queryClient: QueryClient, userId: string, count: number): void {
  writeUnreadCount(queryClient, userId, () => count);
}

/**
 * A notification pushed over the socket: on top of the bell's list, the count up by one (the
 * server's unread_count_updated follows and sets the exact number), and the page's lists
 * refetched, since their filters decide where it belongs.
 */
export function receiveNotification(
  queryClient: QueryClient,
  userId: string,
  notification: Notification,
): void {
  queryClient.setQueryData<Notification[]>(notificationKeys.latest(userId), (list) =>
    list
      ? [notification, ...list.filter((n) => n.id !== notification.id)].slice(
          0,
          UI.NOTIFICATION_DROPDOWN_LIMIT,
        )
      : list,
  );
  if (!notification.read_at) {
    writeUnreadCount(queryClient, userId, (count) => (count ?? 0) + 1);
  }
  void queryClient.invalidateQueries({ queryKey: notificationKeys.pages(userId) });
}
