import { DEFAULT_USER_SETTINGS, type ProfileRestriction } from '@beatroom/shared/settings-contract';
import type { ProfileVisibility } from '@beatroom/shared/settings-constants';

// The one privacy rule of profiles (profileVisibility, showFavorites,
// showFollowing, showPlayHistory) for one profile. The same rule as a query filter over many
// users' rows (the activity feed) is db/user-privacy.ts: keep the two in step.

export interface PrivacySettings {
  profileVisibility: string;
  showFavorites: boolean;
  showFollowing: boolean;
  showPlayHistory: boolean;
}

/**
 * What a viewer may see of a user's profile. `restricted` set: only the header (name,
 * pictures, bio, links, badges); every list and stat is hidden. Otherwise each list follows its
 * own switch. The owner always sees everything.
 */
export interface ProfileAccess {
  isOwner: boolean;
  restricted: ProfileRestriction | null;
  favorites: boolean;
  following: boolean;
  playHistory: boolean;
}

/** `settings` null: the user never saved any, so the defaults (a public profile) apply. */
export function profileAccess(
  stored: PrivacySettings | null,
  viewer: { isOwner: boolean; isFollower: boolean },
): ProfileAccess {
  if (viewer.isOwner) {
    return { isOwner: true, restricted: null, favorites: true, following: true, playHistory: true };
  }
  const settings = stored ?? DEFAULT_USER_SETTINGS;
  const visibility = settings.profileVisibility as ProfileVisibility;
  const restricted: ProfileRestriction | null =
    visibility === 'private'
      ? 'private'
      : visibility === 'followers' && !viewer.isFollower
        ? 'followers'
        : null;
  const open = restricted === null;
  return {
    isOwner: false,
    restricted,
    favorites: open && settings.showFavorites,
    following: open && settings.showFollowing,
    playHistory: open && settings.showPlayHistory,
  };
}
