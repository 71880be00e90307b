import { PROFILE_RESTRICTED_MESSAGES } from '@beatroom/shared/settings-constants';
import {
  DEFAULT_USER_SETTINGS,
  UserSettings,
  type UserSettingsBody,
} from '@beatroom/shared/settings-contract';
import { forbidden, notFound } from '../../../http/http-errors';
import { USER_NOT_FOUND } from '../../../http/params';
import type { UserRecord } from '../users/user-record';
import { profileAccess, type ProfileAccess } from './profile-privacy';
import type { UserSettingsRepository } from './user-settings.repository';

/**
 * A stored row as the contract's type. Columns are plain text in the database, so a value no
 * longer allowed (a choice removed later) reads as that field's default instead of failing.
 */
function toSettings(row: Record<keyof UserSettings, unknown>): UserSettings {
  const settings: Record<string, unknown> = {};
  for (const key of Object.keys(UserSettings.shape) as (keyof UserSettings)[]) {
    const parsed = UserSettings.shape[key].safeParse(row[key]);
    settings[key] = parsed.success ? parsed.data : DEFAULT_USER_SETTINGS[key];
  }
  return settings as UserSettings;
}

/**
 * Settings of the personal account and the privacy rules other modules ask
 * before reading a user's lists (profiles, activity).
 */
export function createUserSettingsService(deps: { repo: UserSettingsRepository }) {
  const { repo } = deps;

  async function access(viewer: UserRecord | null, userId: string): Promise<ProfileAccess> {
    const privacy = await repo.privacyOf(userId);
    if (!privacy) throw notFound(USER_NOT_FOUND);
    const isOwner = viewer?.id === userId;
    // Only a followers-only profile needs to know whether the viewer follows it.
    const isFollower =
      !isOwner && !!viewer && privacy.settings?.profileVisibility === 'followers'
        ? await repo.isFollowing(viewer.id, userId)
        : false;
    return profileAccess(privacy.settings, { isOwner, isFollower });
  }

  return {
    /** GET /api/user-settings: the stored settings, the defaults for a user who never saved. */
    async get(user: UserRecord): Promise<UserSettings> {
      const row = await repo.find(user.id);
      return row ? toSettings(row) : DEFAULT_USER_SETTINGS;
    },

    /** PUT /api/user-settings: the whole object (validated by the route) replaces the stored one. */
    async put(user: UserRecord, body: UserSettingsBody): Promise<UserSettings> {
      return toSettings(await repo.save(user.id, body));
    },

    /** What `viewer` (null: signed out) may see of `userId`'s profile; 404 for an unknown user. */
    access,

    /**
     * For a profile's lists and stats: throws 403 with the profile's own wording when the viewer
     * sees only the header; answers the access otherwise (the list switches still apply).
     */
    async requireProfileAccess(viewer: UserRecord | null, userId: string): Promise<ProfileAccess> {
      const found = await access(viewer, userId);
      if (found.restricted) throw forbidden(PROFILE_RESTRICTED_MESSAGES[found.restricted]);
      return found;
    },
  };
}

export type UserSettingsService = ReturnType<typeof createUserSettingsService>;
