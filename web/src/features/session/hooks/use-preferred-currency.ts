import type { Currency } from '@beatroom/shared/money-constants';
import { useUserSettings } from './use-user-settings';

/**
 * The currency prices are shown and entered in: the signed-in user's preferredCurrency; USD
 * (the default) for visitors, while loading, and when the settings cannot be loaded.
 */
export function usePreferredCurrency(): Currency {
  return useUserSettings().settings.preferredCurrency;
}
