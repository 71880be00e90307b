import { USER_SETTINGS_DEFAULTS } from '@beatroom/shared/settings-constants';
import type { UserSettings, UserSettingsBody } from '@beatroom/shared/settings-contract';

// The contract's DEFAULT_USER_SETTINGS is these; taken from the zod-free constants so every
// page's settings read keeps zod out of the first load (issue 16).
const DEFAULT_USER_SETTINGS: UserSettings = USER_SETTINGS_DEFAULTS;
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applySavedSettings, saveUserSettings, userSettingsQueryOptions } from '../user-settings-api';
import { useSession } from './use-session';

export interface UserSettingsState {
  /** The stored settings; the defaults for visitors, while loading and when loading failed. */
  settings: UserSettings;
  /** True once the signed-in user's own settings arrived (always false for visitors). */
  isLoaded: boolean;
  /** True while it is not yet known whose settings apply: the session or their first fetch. */
  isPending: boolean;
}

/** The signed-in user's settings. Visitors get the defaults without any request. */
export function useUserSettings(): UserSettingsState {
  const { user, isPending: sessionPending } = useSession();
  const query = useQuery({ ...userSettingsQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  const own = user ? query.data : undefined;
  return {
    settings: own ?? DEFAULT_USER_SETTINGS,
    isLoaded: Boolean(own),
    isPending: sessionPending || (Boolean(user) && query.isPending),
  };
}

/**
 * Saves the whole settings object (PUT). On success the stored answer replaces the query entry,
 * so prices, the player and the theme follow at once; on failure the error is the server's text.
 */
export function useSaveUserSettings() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserSettingsBody) => saveUserSettings(body),
    onSuccess: (saved) => {
      if (user) applySavedSettings(queryClient, user.id, saved);
    },
  });
}
