import type { UserSettings, UserSettingsBody } from '@beatroom/shared/settings-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSessionContext } from '../session-context';
import { applySavedSettings, saveUserSettings } from '../user-settings-api';
import { useSession } from './use-session';

export interface UserSettingsState {
  /** The stored settings; the defaults for visitors, while loading and when loading failed. */
  settings: UserSettings;
  /** True once the signed-in user's own settings arrived (always false for visitors). */
  isLoaded: boolean;
  /** True while it is not yet known whose settings apply: the session or their first fetch. */
  isPending: boolean;
}

/**
 * The signed-in user's settings, as SessionProvider read them. Visitors get the defaults
 * without any request.
 */
export function useUserSettings(): UserSettingsState {
  return useSessionContext().settings;
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
