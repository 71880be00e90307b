import type { NotificationType } from '@beatroom/shared/community-constants';
import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import type { Notification } from '@beatroom/shared/realtime-objects-contract';
import type { RealtimeService } from '../../platform/realtime/realtime.service';
import type {
  NewNotification,
  NotificationRow,
  NotificationSetting,
  NotificationsRepository,
} from './notifications.repository';

/** Rows per insert, well under PostgreSQL's parameter limit. */
const INSERT_CHUNK = 1000;

/** A stored notification as its owner's list and socket see it (only the known data fields). */
export function toNotification(row: NotificationRow): Notification {
  const data = (row.data ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    data: {
      ...(typeof data.followerId === 'string' ? { followerId: data.followerId } : {}),
      ...(typeof data.beatId === 'string' ? { beatId: data.beatId } : {}),
      ...(typeof data.ticketNumber === 'string' ? { ticketNumber: data.ticketNumber } : {}),
      ...(typeof data.challengeId === 'string' ? { challengeId: data.challengeId } : {}),
      ...(typeof data.collaborationId === 'string' ? { collaborationId: data.collaborationId } : {}),
    },
  };
}

const unreadMessage = (count: number): ServerMessage => ({
  type: 'notification',
  data: { type: 'unread_count_updated', count },
});

/**
 * How notifications reach their owners: stored (as far as each recipient's settings allow), then
 * pushed to the owner's open sockets with the new unread count.
 */
export function createNotificationDelivery({
  repo,
  realtime,
}: {
  repo: NotificationsRepository;
  realtime: Pick<RealtimeService, 'sendToUsers'>;
}) {
  /**
   * Stores the notifications the recipients' settings allow, then pushes them with counts.
   * A null setting: no setting turns this kind off.
   */
  async function notify(items: NewNotification[], setting: NotificationSetting | null, preFiltered = false) {
    if (!items.length) return;
    const allowed =
      preFiltered || setting === null
        ? new Set(items.map((i) => i.userId))
        : new Set(await repo.recipientsAllowing([...new Set(items.map((i) => i.userId))], setting));
    const kept = items.filter((i) => allowed.has(i.userId));
    for (let i = 0; i < kept.length; i += INSERT_CHUNK) {
      const rows = await repo.createMany(kept.slice(i, i + INSERT_CHUNK));
      // All stored by an earlier delivery of the same event: nobody is told twice.
      if (!rows.length) continue;
      const counts = await repo.unreadCounts(rows.map((r) => r.userId));
      realtime.sendToUsers(
        rows.map((row) => ({
          userId: row.userId,
          messages: [
            { type: 'notification', data: { type: 'new_notification', notification: toNotification(row) } },
            unreadMessage(counts.get(row.userId) ?? 1),
          ],
        })),
      );
    }
  }

  async function pushCount(userId: string): Promise<number> {
    const count = await repo.unreadCount(userId);
    realtime.sendToUsers([{ userId, messages: [unreadMessage(count)] }]);
    return count;
  }

  return { notify, pushCount };
}

export type NotificationDelivery = ReturnType<typeof createNotificationDelivery>;
