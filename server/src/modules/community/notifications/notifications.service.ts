import type {
  MarkReadResponse,
  NotificationListQuery,
  NotificationListResponse,
} from '@beatroom/shared/community-contract';
import { notFound } from '../../../http/http-errors';
import type { RealtimeService } from '../../platform/realtime/realtime.service';
import type { UserRecord } from '../../platform/users/user-record';
import { createNotificationDelivery, toNotification } from './notification-delivery';
import { createNotificationEventHandlers } from './notification-events.service';
import type { NotificationsRepository } from './notifications.repository';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/**
 * Notifications: created by the server when something happens to a user (honouring that
 * user's notification settings), listed and marked read by their owner only, and pushed to
 * the owner's open sockets with the new unread count.
 */
export function createNotificationsService(deps: {
  repo: NotificationsRepository;
  realtime: Pick<RealtimeService, 'sendToUsers'>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const { notify, pushCount } = createNotificationDelivery(deps);

  return {
    ...createNotificationEventHandlers({ repo, notify }),

    async list(user: UserRecord, query: NotificationListQuery): Promise<NotificationListResponse> {
      const { rows, hasMore } = await repo.list(
        user.id,
        { read: query.read, type: query.type },
        (query.page - 1) * query.limit,
        query.limit,
      );
      return { notifications: rows.map(toNotification), hasMore };
    },

    async unreadCount(user: Pick<UserRecord, 'id'>): Promise<{ count: number }> {
      return { count: await repo.unreadCount(user.id) };
    },

    /** Another user's notification is reported missing, never forbidden: ids do not leak. */
    async markRead(user: UserRecord, id: string): Promise<MarkReadResponse> {
      if (!(await repo.markRead(user.id, id, now()))) throw notFound(NOTIFICATION_NOT_FOUND);
      return { ok: true, count: await pushCount(user.id) };
    },

    async markAllRead(user: UserRecord): Promise<MarkReadResponse> {
      await repo.markAllRead(user.id, now());
      return { ok: true, count: await pushCount(user.id) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
