import type { PrismaClient } from '../../generated/prisma/client';

export function createFollowsRepository(prisma: PrismaClient) {
  return {
    userExists(userId: string): Promise<boolean> {
      // A deleted account cannot be followed.
      return prisma.user.count({ where: { id: userId, deletedAt: null } }).then((n) => n > 0);
    },

    isFollowing(followerId: string, followedId: string): Promise<boolean> {
      return prisma.follow.count({ where: { followerId, followedId } }).then((n) => n > 0);
    },

    /** True when this call created the follow; a repeat (even a concurrent one) returns false. */
    async follow(followerId: string, followedId: string): Promise<boolean> {
      const { count } = await prisma.follow.createMany({
        data: [{ followerId, followedId }],
        skipDuplicates: true,
      });
      return count === 1;
    },

    async unfollow(followerId: string, followedId: string): Promise<boolean> {
      const { count } = await prisma.follow.deleteMany({ where: { followerId, followedId } });
      return count === 1;
    },
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
