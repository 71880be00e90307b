import type { Tx } from '../../../db/transaction';
import type { PrismaClient } from '../../../generated/prisma/client';

export function createFollowsRepository(prisma: PrismaClient) {
  return {
    userExists(userId: string): Promise<boolean> {
      // A deleted account cannot be followed.
      return prisma.user.count({ where: { id: userId, deletedAt: null } }).then((n) => n > 0);
    },

    isFollowing(followerId: string, followedId: string): Promise<boolean> {
      return prisma.follow.count({ where: { followerId, followedId } }).then((n) => n > 0);
    },

    /**
     * Creates the follow and, in the same transaction, runs `onCreated` (the domain event is
     * written with the follow, or not at all). Answers what it answered, or null when the follow
     * was there already (a repeat, even a concurrent one).
     */
    follow<R>(followerId: string, followedId: string, onCreated: (tx: Tx) => Promise<R>): Promise<R | null> {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.follow.createMany({
          data: [{ followerId, followedId }],
          skipDuplicates: true,
        });
        return count === 1 ? onCreated(tx) : null;
      });
    },

    async unfollow(followerId: string, followedId: string): Promise<boolean> {
      const { count } = await prisma.follow.deleteMany({ where: { followerId, followedId } });
      return count === 1;
    },
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
