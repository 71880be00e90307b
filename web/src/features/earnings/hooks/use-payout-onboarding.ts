import { useMutation } from '@tanstack/react-query';
import { redirectBrowser } from '../../../lib/browser-location';
import { usePlatform } from '../../../lib/platform';
import { startPayoutOnboarding } from '../api';

/**
 * Connect payouts: asks the server for a Stripe onboarding link and goes there. The desktop app
 * hands it to the system browser (its window shows only the app's own pages); Stripe sends the
 * producer back to the Earnings page, which then reads the new payout status.
 */
export function usePayoutOnboarding() {
  const platform = usePlatform();
  return useMutation({
    mutationFn: async () => {
      const { url } = await startPayoutOnboarding();
      if (platform.kind === 'desktop') platform.openExternal(url);
      else redirectBrowser(url);
    },
  });
}
