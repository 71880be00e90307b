import { formatPrice } from '@beatroom/shared/format-money';
import { displayName } from '@beatroom/shared/format-names';
import { licenseName } from '@beatroom/shared/licensing';
import { CHARGE_CURRENCY, convertedNote, formatCharged } from '@beatroom/shared/list-price';
import type { LicenseId } from '@beatroom/shared/money-constants';
import type { EventMeta } from '../../../events/domain-events';
import type { NotificationsRepository } from './notifications.repository';
import type { NotificationDelivery } from './notification-delivery';

/**
 * What the server tells users when something happens to them: one handler per domain event,
 * each naming the recipients and the setting that lets them turn that kind off.
 */
export function createNotificationEventHandlers({
  repo,
  notify,
}: {
  repo: NotificationsRepository;
  notify: NotificationDelivery['notify'];
}) {
  return {
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
        producerShares?: { producerId: string; beatId: string; name: string; netCents: number }[];
      },
      meta: EventMeta,
    ) {
      const what = event.full ? 'refunded' : 'partly refunded';
      const purchase = event.producerShares ? 'order' : `purchase of ${event.beatTitle}`;
      // One notice per producer (one per event and user): a producer of two lines hears of both.
      const producers = new Map<string, { beatId: string; names: string[]; netCents: number }>();
      for (const share of event.producerShares ?? [
        {
          producerId: event.producerId,
          beatId: event.beatId,
          name: event.beatTitle,
          netCents: event.netCents,
        },
      ]) {
        const entry = producers.get(share.producerId) ?? { beatId: share.beatId, names: [], netCents: 0 };
        entry.names.push(share.name);
        entry.netCents += share.netCents;
        producers.set(share.producerId, entry);
      }
      await notify(
        [
          {
            userId: event.buyerId,
            type: 'order_refunded',
            title: 'Order refunded',
            message: `Your ${purchase} was ${what}: ${formatPrice(event.amountCents)} back (credit note ${event.creditNoteNumber})`,
            data: { beatId: event.beatId },
            eventId: meta.eventId,
          },
          ...[...producers].map(([userId, sale]) => ({
            userId,
            type: 'order_refunded' as const,
            title: 'Sale refunded',
            message: `A sale of ${sale.names.join(', ')} was ${what}: ${formatPrice(sale.netCents)} taken back from your earnings`,
            data: { beatId: sale.beatId },
            eventId: meta.eventId,
          })),
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
