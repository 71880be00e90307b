import type { Prisma } from '../generated/prisma/client';

// The profile privacy rule of modules/platform/user-settings/profile-privacy.ts as a Prisma filter, for
// repositories listing many users' rows (the activity feed). Keep the two in step.

type ListSwitch = 'showFavorites' | 'showFollowing' | 'showPlayHistory';

/**
 * Users whose profile lists `viewerId` (null: signed out) may see, as a Prisma filter; with
 * `list`, also only those who did not hide that list. Users without a settings row have the
 * defaults (public, every list shown).
 */
export function usersOpenTo(viewerId: string | null, list?: ListSwitch): Prisma.UserWhereInput {
  const openVisibility: Prisma.UserSettingsWhereInput = viewerId
    ? {
        OR: [
          { profileVisibility: 'public' },
          { profileVisibility: 'followers', user: { followers: { some: { followerId: viewerId } } } },
        ],
      }
    : { profileVisibility: 'public' };
  const open: Prisma.UserWhereInput = {
    OR: [
      { settings: { is: null } },
      { settings: { is: list ? { AND: [openVisibility, { [list]: true }] } : openVisibility } },
    ],
  };
  return viewerId ? { OR: [{ id: viewerId }, open] } : open;
}
