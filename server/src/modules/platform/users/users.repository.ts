import type { PrismaClient } from '../../../generated/prisma/client';
import { lockOwners } from '../../../db/owners-lock';
import { userSelect } from '../../../db/user-columns';
import type { UserRecord } from './user-record';

export function createUsersRepository(prisma: PrismaClient) {
  return {
    findById(id: string): Promise<UserRecord | null> {
      return prisma.user.findUnique({ where: { id }, select: userSelect });
    },

    /** What the user chose to be shown as: their profile's display name and picture. */
    findProfileFace(
      id: string,
    ): Promise<{ displayName: string | null; profileImageKey: string | null } | null> {
      return prisma.profile.findUnique({
        where: { userId: id },
        select: { displayName: true, profileImageKey: true },
      });
    },

    /**
     * Finds the user behind an issuer identity, refreshing e-mail, name and picture; the first
     * sign-in creates the user with their profile and default settings in one transaction.
     */
    async upsertFromIdentity(identity: {
      issuer: string;
      sub: string;
      email: string;
      name: string | null;
      picture: string | null;
    }): Promise<UserRecord> {
      const { issuer, sub, ...details } = identity;
      return prisma.user.upsert({
        where: { issuer_sub: { issuer, sub } },
        update: details,
        create: {
          issuer,
          sub,
          ...details,
          profile: { create: { displayName: details.name } },
          settings: { create: {} },
        },
        select: userSelect,
      });
    },

    /**
     * Makes the user owner and admin if no (undeleted) owner exists, under the owners' lock;
     * null when someone else is owner already.
     */
    async claimFirstOwner(userId: string): Promise<UserRecord | null> {
      return prisma.$transaction(async (tx) => {
        await lockOwners(tx);
        const owners = await tx.user.count({ where: { isOwner: true, deletedAt: null } });
        if (owners > 0) return null;
        return tx.user.update({
          where: { id: userId },
          data: { isOwner: true, isAdmin: true },
          select: userSelect,
        });
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
