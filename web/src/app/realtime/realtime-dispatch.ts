import { TIMINGS } from '@beatroom/shared/limits';
import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import type { Notification } from '@beatroom/shared/realtime-objects-contract';
import type { QueryClient } from '@tanstack/react-query';
import { receiveActivity } from '../../features/activity/api';
import { receiveCollabEvent } from '../../features/collab-session/api';
import { useActivityFeedStore } from '../../features/activity/store/activity-feed-store';
import { analyticsKeys } from '../../features/analytics/api';
import { challengeKeys } from '../../features/challenges/api';
import { collaborationKeys } from '../../features/collaborations/api';
import { creditsKeys } from '../../features/credits/api';
import { downloadsKeys } from '../../features/downloads/api';
import { earningsKeys } from '../../features/earnings/api';
import { invoiceKeys } from '../../features/invoices/api';
import { receiveLiveStats } from '../../features/live-stats/api';
import { notificationTarget, receiveNotification, setUnreadCount } from '../../features/notifications/api';
import { profileKeys } from '../../features/profile/api';
import { receiveSupportUpdate } from '../../features/support/api';
import { receiveDeskUpdate } from '../../features/support-desk/api';
import { showToast, type ToastType } from '../../lib/toast';

export interface DispatchContext {
  queryClient: QueryClient;
  /** The socket's user: every cache written here is theirs. */
  userId: string;
  /** Marks a notification read and goes where it leads (the toast's View button). */
  openNotification: (notification: Notification) => void;
  /** A system notification for when the app is not being looked at (desktop; web with permission). */
  notify?: (notification: { title: string; body?: string; path?: string }) => void;
}

/**
 * Where each server message goes: notifications to the
 * bell's caches and a 5 s toast, the unread count into the cache, announcements to an 8 s
 * toast, activity to the live feed, analytics into the producer's analytics cache, live stats
 * into home's tiles (so a viewer sees themselves counted at once, not after the poll); a sale
 * refreshes the producer's earnings and the buyer's purchases and invoices. Heartbeat
 * answers and `connected` need nothing. The realtime feature only carries messages; app/ knows
 * which feature shows what.
 */
export function dispatchServerMessage(message: ServerMessage, context: DispatchContext): void {
  const { queryClient, userId } = context;
  switch (message.type) {
    case 'notification': {
      const event = message.data;
      switch (event.type) {
        case 'new_notification': {
          const { notification } = event;
          receiveNotification(queryClient, userId, notification);
          // A new follower changes the user's own follower count, if their profile is cached.
          if (notification.type === 'new_follower') {
            void queryClient.invalidateQueries({ queryKey: profileKeys.profile(userId) });
          }
          // A sale of one of the user's beats: their Earnings page reads the new ledger.
          if (notification.type === 'new_sale') {
            void queryClient.invalidateQueries({ queryKey: earningsKeys.user(userId) });
          }
          // A challenge the user entered closed: the winner's balance holds the prize now.
          if (notification.type === 'challenge_result') {
            void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
            void queryClient.invalidateQueries({ queryKey: creditsKeys.user(userId) });
          }
          // A response to the user's board request, or theirs accepted: the request page reloads.
          if (
            notification.type === 'collaboration_response' ||
            notification.type === 'collaboration_accepted'
          ) {
            void queryClient.invalidateQueries({ queryKey: collaborationKeys.all });
          }
          const target = notificationTarget(notification);
          showToast({
            type: 'info',
            title: notification.title,
            message: notification.message,
            duration: TIMINGS.NOTIFICATION_TOAST_MS,
            action: target
              ? { label: 'View', onClick: () => context.openNotification(notification) }
              : undefined,
          });
          context.notify?.({
            title: notification.title,
            body: notification.message,
            path: target ?? undefined,
          });
          break;
        }
        case 'unread_count_updated':
          setUnreadCount(queryClient, userId, event.count);
          break;
        case 'system_announcement':
          showToast({
            type: event.severity satisfies ToastType,
            title: 'Announcement',
            message: event.message,
            duration: TIMINGS.SYSTEM_ANNOUNCEMENT_TOAST_MS,
          });
          break;
        case 'connected':
          break;
      }
      break;
    }
    case 'activity':
      useActivityFeedStore.getState().apply(message);
      receiveActivity(queryClient, userId, message);
      // The user's own purchase (paid in another tab, or by the checkout's return): their
      // purchases, downloads and invoices have a new entry.
      if (
        message.data.type === 'new_activity' &&
        message.data.activity.type === 'beat_purchased' &&
        message.data.activity.userId === userId
      ) {
        void queryClient.invalidateQueries({ queryKey: downloadsKeys.user(userId) });
        void queryClient.invalidateQueries({ queryKey: invoiceKeys.user(userId) });
      }
      break;
    case 'analytics':
      queryClient.setQueryData(analyticsKeys.user(userId), message.data.analytics);
      break;
    case 'live_stats':
      void receiveLiveStats(queryClient, message.data);
      break;
    case 'support':
      // A ticket changed: the member's and the desk's views of it refetch (whichever are cached).
      receiveSupportUpdate(queryClient, message.data.ticket_number);
      receiveDeskUpdate(queryClient, message.data.ticket_number);
      break;
    case 'collab':
      // A collaborative session this user is in: its page's state follows live.
      receiveCollabEvent(queryClient, message.data);
      break;
    case 'heartbeat':
      break;
  }
}
