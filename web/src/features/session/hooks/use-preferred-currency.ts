import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '@beatroom/shared/money-constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSession } from './use-session';

// The settings contract is not in @beatroom/shared yet: this reads the one field prices need
// and treats anything else as the default. Keyed under the user's settings, so the settings
// screen's invalidation of ['user-settings', userId] refreshes it too.

export const preferredCurrencyKey = (userId: string) =>
  ['user-settings', userId, 'preferredCurrency'] as const;

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

export function preferredCurrencyQueryOptions(userId: string) {
  return queryOptions({
    queryKey: preferredCurrencyKey(userId),
    queryFn: async ({ signal }) => readCurrency(await apiClient.get('/api/user-settings', { signal })),
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
  const settings = useQuery({ ...preferredCurrencyQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  return (user && settings.data) || DEFAULT_CURRENCY;
}
