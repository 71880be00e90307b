import type { FollowStatus } from '@beatroom/shared/community-contract';
import type { DomainEvents } from '../../../events/domain-events';
import { badRequest, notFound } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import type { FollowsRepository } from './follows.repository';

export const CANNOT_FOLLOW_SELF = 'You cannot follow yourself';
export const USER_TO_FOLLOW_NOT_FOUND = 'User not found';

/**
 * Following. Repeating a follow or an unfollow changes nothing and
 * tells nobody; only a new follow emits user.followed (notification, activity, analytics).
 */
export function createFollowsService(deps: { repo: FollowsRepository; events: DomainEvents }) {
  const { repo } = deps;

  async function target(user: UserRecord, userId: string) {
    if (userId === user.id) throw badRequest(CANNOT_FOLLOW_SELF);
    if (!(await repo.userExists(userId))) throw notFound(USER_TO_FOLLOW_NOT_FOUND);
  }

  return {
    async status(user: UserRecord, userId: string): Promise<FollowStatus> {
      if (userId === user.id) return { isFollowing: false };
      if (!(await repo.userExists(userId))) throw notFound(USER_TO_FOLLOW_NOT_FOUND);
      return { isFollowing: await repo.isFollowing(user.id, userId) };
    },

    async follow(user: UserRecord, userId: string): Promise<FollowStatus> {
      await target(user, userId);
      const eventId = await repo.follow(user.id, userId, (tx) =>
        deps.events.record(tx, { type: 'user.followed', followerId: user.id, followedId: userId }),
      );
      // Delivered now, so the followed user hears of it live; if that fails, the outbox retries.
      if (eventId) await deps.events.deliver([eventId]);
      return { isFollowing: true };
    },

    async unfollow(user: UserRecord, userId: string): Promise<FollowStatus> {
      await target(user, userId);
      await repo.unfollow(user.id, userId);
      return { isFollowing: false };
    },
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
