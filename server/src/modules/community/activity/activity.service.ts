import type { ActivityListResponse, ActivityQuery } from '@beatroom/shared/community-contract';
import { avatarUrl } from '@beatroom/shared/files-contract';
import type { ActivityType } from '@beatroom/shared/community-constants';
import { UI } from '@beatroom/shared/limits';
import { displayName } from '@beatroom/shared/format-names';
import type { ActivityItem } from '@beatroom/shared/realtime-objects-contract';
import type { EventMeta } from '../../../events/domain-events';
import type { RealtimeService } from '../../platform/realtime/realtime.service';
import type { UserRecord } from '../../platform/users/user-record';
import type { ActivityRepository, ActivityRow, NewActivity } from './activity.repository';

/**
 * How long the initial feed sent to each new socket is reused. Thousands of sockets connecting
 * at once (a restart) then cost one query per second, not one each; this instance's own new
 * items refresh it at once.
 */
const INITIAL_FEED_TTL_MS = 1_000;

export function toActivityItem(row: ActivityRow): ActivityItem {
  const metadata = (row.metadata ?? {}) as Record<string, unknown>;
  const rating = metadata.rating;
  return {
    id: row.id,
    type: row.type as ActivityType,
    userId: row.userId,
    userName: displayName(row.user.profile?.displayName ?? row.user.name, row.userId),
    userAvatar: avatarUrl(row.user.profile?.profileImageKey, row.user.picture),
    targetId: row.targetId,
    targetName: row.targetName,
    timestamp: row.createdAt.toISOString(),
    metadata:
      typeof rating === 'number' && Number.isInteger(rating) && rating >= 1 && rating <= 5 ? { rating } : {},
  };
}

/**
 * The community feed: items are stored, then broadcast as new_activity to every socket; new
 * sockets get the newest UI.ACTIVITY_FEED_MAX as initial_feed.
 */
export function createActivityService(deps: {
  repo: ActivityRepository;
  realtime: Pick<RealtimeService, 'broadcast'>;
}) {
  const { repo, realtime } = deps;
  let cached: { at: number; items: Promise<ActivityItem[]> } | null = null;

  /**
   * Stores the item; every socket hears of it only when everyone may see it (the actor's
   * privacy settings). Others are read through list(), which applies the rules
   * per viewer.
   */
  async function record(item: NewActivity) {
    const row = await repo.create(item);
    // Already stored by an earlier delivery of the same event: nothing new to tell.
    if (!row) return null;
    const activity = toActivityItem(row);
    cached = null;
    if (await repo.isPublic(row.id)) {
      realtime.broadcast({ type: 'activity', data: { type: 'new_activity', activity } });
    }
    return activity;
  }

  return {
    record,

    async list(user: UserRecord, query: ActivityQuery): Promise<ActivityListResponse> {
      const filter =
        query.scope === 'mine'
          ? { userId: user.id, type: query.type, viewerId: user.id }
          : query.scope === 'following'
            ? { followedBy: user.id, type: query.type, viewerId: user.id }
            : { type: query.type, viewerId: user.id };
      return { activities: (await repo.list(filter, query.limit)).map(toActivityItem) };
    },

    initialFeed(): Promise<ActivityItem[]> {
      if (!cached || Date.now() - cached.at > INITIAL_FEED_TTL_MS) {
        // One feed for every new socket, so only what everyone may see.
        const items = repo
          .list({ viewerId: null }, UI.ACTIVITY_FEED_MAX)
          .then((rows) => rows.map(toActivityItem));
        cached = { at: Date.now(), items };
        // A failed query must not be served from the cache to every later socket.
        items.catch(() => {
          if (cached?.items === items) cached = null;
        });
      }
      return cached.items;
    },

    async onFollowed(event: { followerId: string; followedId: string }, meta: EventMeta) {
      const name = displayName(await repo.nameOf(event.followedId), event.followedId);
      await record({
        type: 'user_followed',
        userId: event.followerId,
        targetId: event.followedId,
        targetName: name,
        metadata: {},
        eventId: meta.eventId,
      });
    },

    async onBeatCreated(event: { beatId: string; userId: string; title: string }, meta: EventMeta) {
      await record({
        type: 'beat_uploaded',
        userId: event.userId,
        targetId: event.beatId,
        targetName: event.title,
        metadata: {},
        eventId: meta.eventId,
      });
    },

    /** Only a first rating is news; changing one's rating is not a new event in the feed. */
    async onBeatRated(
      event: {
        beatId: string;
        beatTitle: string;
        userId: string;
        rating: number;
        isNew: boolean;
      },
      meta: EventMeta,
    ) {
      if (!event.isNew) return;
      await record({
        type: 'beat_rated',
        userId: event.userId,
        targetId: event.beatId,
        targetName: event.beatTitle,
        metadata: { rating: event.rating },
        eventId: meta.eventId,
      });
    },

    /** A sale is news in the feed: the buyer bought the beat (the price stays private). */
    async onBeatPurchased(event: { beatId: string; beatTitle: string; buyerId: string }, meta: EventMeta) {
      await record({
        type: 'beat_purchased',
        userId: event.buyerId,
        targetId: event.beatId,
        targetName: event.beatTitle,
        metadata: {},
        eventId: meta.eventId,
      });
    },

    /**
     * A requester accepted a response on the collaboration board: "X started a collaboration on
     * <request>", by the requester, linking to the request.
     */
    async onCollaborationStarted(
      event: { requestId: string; requestTitle: string; requesterId: string },
      meta: EventMeta,
    ) {
      await record({
        type: 'collaboration_started',
        userId: event.requesterId,
        targetId: event.requestId,
        targetName: event.requestTitle,
        metadata: {},
        eventId: meta.eventId,
      });
    },

    /** A member entered a challenge: the item links to the challenge. */
    async onChallengeEntered(event: { challengeId: string; title: string; userId: string }, meta: EventMeta) {
      await record({
        type: 'challenge_entry',
        userId: event.userId,
        targetId: event.challengeId,
        targetName: event.title,
        metadata: {},
        eventId: meta.eventId,
      });
    },

    async onBeatDeleted(event: { beatId: string }) {
      await repo.deleteForTarget(event.beatId);
      cached = null;
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
