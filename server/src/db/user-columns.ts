import type { Prisma } from '../generated/prisma/client';

/**
 * The user columns repositories join to. They live here, below the modules, because every
 * module's rows point at users and no module may import another module's repository.
 */

/** The columns of a UserRecord (modules/platform/users/user-record.ts). */
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

/** The columns a user's display name and avatar are made from (a person shown with a picture). */
export const userPersonSelect = {
  id: true,
  name: true,
  picture: true,
  profile: { select: { displayName: true, profileImageKey: true } },
} as const satisfies Prisma.UserSelect;

/** The profile's display name, else the account's name. */
export function displayNameOf(user: { name: string | null; profile: { displayName: string | null } | null }) {
  return user.profile?.displayName ?? user.name;
}
