import type {
  MarkReadResponse,
  NotificationListQuery,
  NotificationListResponse,
} from '@beatroom/shared/community-contract';
import type { NotificationType } from '@beatroom/shared/community-constants';
import { formatPrice } from '@beatroom/shared/format-money';
import { displayName } from '@beatroom/shared/format-names';
import { licenseName } from '@beatroom/shared/licensing';
import { CHARGE_CURRENCY, convertedNote, formatCharged } from '@beatroom/shared/list-price';
import type { LicenseId } from '@beatroom/shared/money-constants';
import type { Notification, ServerMessage } from '@beatroom/shared/realtime-contract';
import { notFound } from '../../../http/http-errors';
import type { EventMeta } from '../../../events/domain-events';
import type { RealtimeService } from '../../platform/realtime/realtime.service';
import type { UserRecord } from '../../platform/users/user-record';
import type {
  NewNotification,
  NotificationRow,
  NotificationSetting,
  NotificationsRepository,
} from './notifications.repository';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
/** Rows per insert, well under PostgreSQL's parameter limit. */
const INSERT_CHUNK = 1000;

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
 * Notifications: created by the server when something happens to a user (honouring that
 * user's notification settings), listed and marked read by their owner only, and pushed to
 * the owner's open sockets with the new unread count.
 */
export function createNotificationsService(deps: {
  repo: NotificationsRepository;
  realtime: Pick<RealtimeService, 'sendToUsers'>;
  now?: () => Date;
}) {
  const { repo, realtime } = deps;
  const now = deps.now ?? (() => new Date());

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

  return {
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

    async onFollowed(event: { followerId: string; followedId: string }, meta: EventMeta) {
      const names = await repo.names([event.followerId]);
      const name = displayName(names.get(event.followerId), event.followerId);
      await notify(
        [
          {
            userId: event.followedId,
            type: 'new_follower',
            title: 'New follower',
            message: `${name} started following you`,
            data: { followerId: event.followerId },
            eventId: meta.eventId,
          },
        ],
        'newFollowerNotifications',
      );
    },

    /** new_beat to every follower of the producer who wants it. */
    async onBeatCreated(event: { beatId: string; userId: string; title: string }, meta: EventMeta) {
      const followers = await repo.followersAllowing(event.userId, 'newBeatNotifications');
      if (!followers.length) return;
      const names = await repo.names([event.userId]);
      const producer = displayName(names.get(event.userId), event.userId, 'Producer');
      const message = `${producer} uploaded a new beat: ${event.title}`;
      await notify(
        followers.map((userId) => ({
          userId,
          type: 'new_beat',
          title: 'New beat',
          message,
          data: { beatId: event.beatId },
          eventId: meta.eventId,
        })),
        'newBeatNotifications',
        true,
      );
    },

    /** beat_review to the owner on a first rating (a changed rating does not notify again). */
    async onBeatRated(
      event: {
        beatId: string;
        beatTitle: string;
        ownerId: string;
        userId: string;
        rating: number;
        isNew: boolean;
      },
      meta: EventMeta,
    ) {
      if (!event.isNew || event.userId === event.ownerId) return;
      const names = await repo.names([event.userId]);
      const name = displayName(names.get(event.userId), event.userId);
      const stars = `${event.rating} star${event.rating === 1 ? '' : 's'}`;
      await notify(
        [
          {
            userId: event.ownerId,
            type: 'beat_review',
            title: 'New review',
            message: `${name} rated ${event.beatTitle} ${stars}`,
            data: { beatId: event.beatId },
            eventId: meta.eventId,
          },
        ],
        'reviewNotifications',
      );
    },

    /**
     * A refund is told to both parties, whatever their settings: it changes what the buyer may
     * download and what the producer earned.
     */
    async onOrderRefunded(
      event: {
        beatId: string;
        beatTitle: string;
        buyerId: string;
        producerId: string;
        amountCents: number;
        netCents: number;
        full: boolean;
        creditNoteNumber: string;
      },
      meta: EventMeta,
    ) {
      const what = event.full ? 'refunded' : 'partly refunded';
      await notify(
        [
          {
            userId: event.buyerId,
            type: 'order_refunded',
            title: 'Order refunded',
            message: `Your purchase of ${event.beatTitle} was ${what}: ${formatPrice(event.amountCents)} back (credit note ${event.creditNoteNumber})`,
            data: { beatId: event.beatId },
            eventId: meta.eventId,
          },
          {
            userId: event.producerId,
            type: 'order_refunded',
            title: 'Sale refunded',
            message: `A sale of ${event.beatTitle} was ${what}: ${formatPrice(event.netCents)} taken back from your earnings`,
            data: { beatId: event.beatId },
            eventId: meta.eventId,
          },
        ],
        null,
      );
    },

    /** The producer hears of every sale, live: no setting turns sales off. */
    async onBeatPurchased(
      event: {
        beatId: string;
        beatTitle: string;
        buyerId: string;
        producerId: string;
        licenseType: LicenseId;
        netCents: number;
      },
      meta: EventMeta,
    ) {
      const names = await repo.names([event.buyerId]);
      const name = displayName(names.get(event.buyerId), event.buyerId);
      // The sale was charged in USD: said so, with the producer's own currency beside it when
      // they use another ('$25.00 USD to you, ≈ €21.25').
      const note = convertedNote(
        event.netCents,
        CHARGE_CURRENCY,
        await repo.preferredCurrency(event.producerId),
      );
      await notify(
        [
          {
            userId: event.producerId,
            type: 'new_sale',
            title: 'New sale',
            message: `${name} bought a ${licenseName(event.licenseType)} licence for ${event.beatTitle} (${formatCharged(event.netCents, CHARGE_CURRENCY)} to you${note ? `, ${note}` : ''})`,
            data: { beatId: event.beatId },
            eventId: meta.eventId,
          },
        ],
        null,
      );
    },

    /**
     * support_reply to a ticket's member when support answers publicly (internal notes never
     * notify). Always on: it answers something the member asked.
     */
    async onSupportReplied(event: { ticketOwnerId: string; ticketNumber: string }, meta: EventMeta) {
      await notify(
        [
          {
            userId: event.ticketOwnerId,
            type: 'support_reply',
            title: 'Support replied',
            message: `The support team answered your ticket ${event.ticketNumber}`,
            data: { ticketNumber: event.ticketNumber },
            eventId: meta.eventId,
          },
        ],
        null,
      );
    },

    /**
     * challenge_result to every entrant when a challenge closes: the winner hears what was paid,
     * the others who won. Always on: it answers an entry the member made.
     */
    async onChallengeClosed(
      event: {
        challengeId: string;
        title: string;
        winnerUserId: string | null;
        payoutCredits: number;
        entrantIds: string[];
      },
      meta: EventMeta,
    ) {
      if (!event.entrantIds.length) return;
      const names = event.winnerUserId
        ? await repo.names([event.winnerUserId])
        : new Map<string, string | null>();
      const winner = event.winnerUserId
        ? displayName(names.get(event.winnerUserId), event.winnerUserId)
        : null;
      await notify(
        event.entrantIds.map((userId) => ({
          userId,
          type: 'challenge_result',
          title: userId === event.winnerUserId ? 'You won a challenge!' : 'Challenge winner announced',
          message:
            userId !== event.winnerUserId
              ? `${winner} won ${event.title}`
              : event.payoutCredits > 0
                ? `You won ${event.title}: ${event.payoutCredits} credits were added to your balance`
                : `You won ${event.title}`,
          data: { challengeId: event.challengeId },
          eventId: meta.eventId,
        })),
        null,
      );
    },

    /** collaboration_response to the requester: someone answered their board request. */
    async onCollaborationResponded(
      event: { requestId: string; requestTitle: string; requesterId: string; responderId: string },
      meta: EventMeta,
    ) {
      const names = await repo.names([event.responderId]);
      await notify(
        [
          {
            userId: event.requesterId,
            type: 'collaboration_response',
            title: 'New response to your request',
            message: `${displayName(names.get(event.responderId), event.responderId)} responded to ${event.requestTitle}`,
            data: { collaborationId: event.requestId },
            eventId: meta.eventId,
          },
        ],
        null,
      );
    },

    /**
     * collaboration_accepted to the responder the requester chose: the session is open and waits
     * for them (the requester is already in it).
     */
    async onCollaborationStarted(
      event: { requestId: string; requestTitle: string; requesterId: string; responderId: string },
      meta: EventMeta,
    ) {
      const names = await repo.names([event.requesterId]);
      await notify(
        [
          {
            userId: event.responderId,
            type: 'collaboration_accepted',
            title: 'Your response was accepted',
            message: `${displayName(names.get(event.requesterId), event.requesterId)} accepted your response to ${event.requestTitle}: the session is open`,
            data: { collaborationId: event.requestId },
            eventId: meta.eventId,
          },
        ],
        null,
      );
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
