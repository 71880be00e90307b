import type { UserSettings, UserSettingsBody } from '@beatroom/shared/settings-contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient, lazySchema } from '../../lib/api-client';
import { describeFailure } from './api';

// Read on every page: the contract (and zod) load beside the request.
const UserSettingsSchema = lazySchema(() =>
  import('@beatroom/shared/settings-contract').then((m) => m.UserSettings),
);

// The signed-in user's settings. They live in the session feature because
// every screen reads some of them (currency on every price, the player's volume, the theme);
// the settings screen edits them through the same query entry.

export const userSettingsKeys = {
  all: ['user-settings'] as const,
  settings: (userId: string) => ['user-settings', userId] as const,
};

/** GET /api/user-settings: every field, the defaults when the user never saved. */
export function userSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: userSettingsKeys.settings(userId),
    queryFn: async ({ signal }) => {
      try {
        return await apiClient.get('/api/user-settings', { schema: UserSettingsSchema, signal });
      } catch (error) {
        // Logged here, once, not by each of the many readers (every price reads the currency).
        if (!signal.aborted) console.error(`Failed to load settings: ${describeFailure(error)}`);
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    // A failure is shown as the defaults (settings fetch errors are only logged);
    // retrying would only delay that.
    retry: false,
  });
}

/** PUT /api/user-settings with the whole object; the answer is what was stored. */
export function saveUserSettings(body: UserSettingsBody): Promise<UserSettings> {
  return apiClient.put('/api/user-settings', { body, schema: UserSettingsSchema });
}

/** After a save, every reader (prices, player, theme) sees the stored settings at once. */
export function applySavedSettings(queryClient: QueryClient, userId: string, settings: UserSettings): void {
  queryClient.setQueryData(userSettingsKeys.settings(userId), settings);
}
