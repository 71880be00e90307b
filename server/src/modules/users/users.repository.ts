import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AccountRole } from '@beatroom/shared/permissions';

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  picture: string | null;
  isAdmin: boolean;
  isOwner: boolean;
  role: AccountRole;
}

/** The user columns every module works with (a UserRecord). */
export const userSelect = {
  id: true,
  email: true,
  name: true,
  picture: true,
  isAdmin: true,
  isOwner: true,
  role: true,
} as const satisfies Prisma.UserSelect;

/** The columns a user's display name is made from. */
export const userNameSelect = {
  name: true,
  profile: { select: { displayName: true } },
} as const satisfies Prisma.UserSelect;

/** The profile's display name, else the account's name. */
export function displayNameOf(user: { name: string | null; profile: { displayName: string | null } | null }) {
  return user.profile?.displayName ?? user.name;
}

export function createUsersRepository(prisma: PrismaClient) {
  return {
    findById(id: string): Promise<UserRecord | null> {
      return prisma.user.findUnique({ where: { id }, select: userSelect });
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
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
