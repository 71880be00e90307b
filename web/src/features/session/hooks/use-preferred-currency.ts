import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '@beatroom/shared/money-constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSession } from './use-session';

// The settings contract is not in @beatroom/shared yet (the account issue adds it with the
// settings screen): this reads the one field prices need and treats anything else as the
// default. The query is the endpoint's one entry, ['user-settings', userId], so the settings
// screen will read and refresh the same one.

export const userSettingsKeys = {
  settings: (userId: string) => ['user-settings', userId] as const,
};

function readCurrency(body: unknown): Currency {
  if (typeof body === 'object' && body !== null) {
    const direct = 'preferredCurrency' in body ? body.preferredCurrency : undefined;
    const nested =
      'settings' in body &&
      typeof body.settings === 'object' &&
      body.settings !== null &&
      'preferredCurrency' in body.settings
        ? body.settings.preferredCurrency
        : undefined;
    const value = direct ?? nested;
    const found = CURRENCIES.find((currency) => currency === value);
    if (found) return found;
  }
  return DEFAULT_CURRENCY;
}

/** GET /api/user-settings, signed in only; a failure (no such route yet) is not retried. */
export function userSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: userSettingsKeys.settings(userId),
    queryFn: ({ signal }): Promise<unknown> => apiClient.get('/api/user-settings', { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The currency prices are shown and entered in: the signed-in user's preferredCurrency, USD
 * for visitors, while loading, and when the settings cannot be loaded.
 */
export function usePreferredCurrency(): Currency {
  const { user } = useSession();
  const settings = useQuery({
    ...userSettingsQueryOptions(user?.id ?? ''),
    enabled: Boolean(user),
    select: readCurrency,
  });
  return (user && settings.data) || DEFAULT_CURRENCY;
}
