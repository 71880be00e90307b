import { CANNOT_RATE_OWN_BEAT } from '@beatroom/shared/beat-social-texts';
import type {
  BeatAnalytics,
  BeatReviewsResponse,
  FavoriteBeatIds,
  RateBeatInput,
  RatingSummary,
  UserRating,
} from '@beatroom/shared/beat-social-contract';
import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import { avatarUrl } from '@beatroom/shared/files-contract';
import { displayName } from '@beatroom/shared/format-names';
import type { DomainEvents } from '../../../events/domain-events';
import { forbidden, notFound } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import type { BeatSocialRepository, ReviewRow } from './beat-social.repository';
import type { BeatsRepository } from './beats.repository';
import { assertBeatId, NOT_YOUR_BEAT } from './beats.service';
import type { RecentPlays } from './recent-plays';

const roundTo2 = (n: number) => Math.round(n * 100) / 100;

function toReview(row: ReviewRow) {
  const profile = row.user.profile;
  return {
    id: row.id,
    user_id: row.userId,
    rating: row.rating,
    review: row.review,
    created_at: row.createdAt.toISOString(),
    reviewer_name: displayName(profile?.displayName?.trim() || row.user.name, row.userId, 'User'),
    reviewer_avatar: avatarUrl(profile?.profileImageKey, row.user.picture),
  };
}

/**
 * What listeners do with a beat: play it, favourite it, rate and review it; and what its
 * producer learns from that (analytics, owner only).
 */
export function createBeatSocialService(deps: {
  repo: BeatSocialRepository;
  beats: BeatsRepository;
  recentPlays: RecentPlays;
  events: DomainEvents;
}) {
  const { repo, beats, events } = deps;

  async function existing(id: string) {
    assertBeatId(id);
    const beat = await beats.findOwnership(id);
    if (!beat) throw notFound(BEAT_NOT_FOUND);
    return beat;
  }

  async function summary(beatId: string): Promise<RatingSummary> {
    const { average, total } = await repo.ratingSummary(beatId);
    return { averageRating: roundTo2(average), totalRatings: total };
  }

  return {
    /**
     * Counts a play unless the same listener (user, else IP address) had one counted for this
     * beat in the last 30 s: a player that restarts or seeks does not inflate the count.
     */
    async play(id: string, listener: { userId: string | null; ip: string }): Promise<void> {
      await existing(id);
      const who = listener.userId ? `u:${listener.userId}` : `ip:${listener.ip}`;
      if (!deps.recentPlays.shouldCount(id, who)) return;
      if (await repo.recordPlay(id, listener.userId)) {
        // Immediate, not through the outbox: see ImmediateEvent (domain-events.ts).
        await events.emit({ type: 'beat.played', beatId: id, userId: listener.userId });
      }
    },

    async favoriteStatus(user: UserRecord, id: string) {
      await existing(id);
      return { isFavorited: await repo.isFavorited(user.id, id) };
    },

    /** The caller's own favourites only: the set is keyed by the session, never by a given id. */
    async favoriteBeatIds(user: UserRecord): Promise<FavoriteBeatIds> {
      return { beatIds: await repo.favoriteBeatIds(user.id) };
    },

    async toggleFavorite(user: UserRecord, id: string) {
      await existing(id);
      return { isFavorited: await repo.toggleFavorite(user.id, id) };
    },

    /** One rating per user and beat; rating again replaces it. Producers cannot rate their own. */
    async rate(user: UserRecord, id: string, body: RateBeatInput): Promise<RatingSummary> {
      const beat = await existing(id);
      if (beat.userId === user.id) throw forbidden(CANNOT_RATE_OWN_BEAT);
      let eventId = '';
      await repo.upsertRating(id, user.id, body.rating, body.review ?? null, async (tx, isNew) => {
        eventId = await events.record(tx, {
          type: 'beat.rated',
          beatId: id,
          beatTitle: beat.title,
          ownerId: beat.userId,
          userId: user.id,
          rating: body.rating,
          isNew,
        });
      });
      await events.deliver([eventId]);
      return summary(id);
    },

    async ratingSummary(id: string): Promise<RatingSummary> {
      await existing(id);
      return summary(id);
    },

    async reviews(id: string, page: { limit: number; offset: number }): Promise<BeatReviewsResponse> {
      await existing(id);
      const [rows, totals] = await Promise.all([repo.reviews(id, page.limit, page.offset), summary(id)]);
      return { reviews: rows.map(toReview), ...totals };
    },

    async userRating(user: UserRecord, id: string): Promise<UserRating> {
      await existing(id);
      const rating = await repo.userRating(id, user.id);
      return { hasRated: rating !== null, rating: rating?.rating ?? null, review: rating?.review ?? null };
    },

    /** Owner only: the Manage Beat modal's tiles. */
    async analytics(user: UserRecord, id: string): Promise<BeatAnalytics> {
      assertBeatId(id);
      const beat = await beats.findBeat(id);
      if (!beat) throw notFound(BEAT_NOT_FOUND);
      if (beat.user_id !== user.id) throw forbidden(NOT_YOUR_BEAT);
      const [favorites, ratings] = await Promise.all([repo.favoritesCount(id), summary(id)]);
      return {
        favorites_count: favorites,
        average_rating: ratings.averageRating,
        total_reviews: ratings.totalRatings,
        play_count: beat.play_count,
        download_count: beat.download_count,
      };
    },
  };
}

export type BeatSocialService = ReturnType<typeof createBeatSocialService>;
