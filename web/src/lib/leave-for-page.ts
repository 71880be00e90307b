import { useCallback } from 'react';
import { redirectBrowser } from './browser-location';
import { usePlatform } from './platform';

/** Where the person went: this page left for the URL, or the system browser opened it. */
export type LeaveOutcome = 'redirected' | 'opened-in-browser';

/**
 * Sends the person to a page of another site (a payment provider's checkout): the browser goes
 * there; the desktop app hands it to the system browser, where the person's wallet and password
 * manager live, and stays where it is.
 */
export function useLeaveForPage(): (url: string) => LeaveOutcome {
  const platform = usePlatform();
  return useCallback(
    (url: string) => {
      if (platform.kind === 'desktop') {
        platform.openExternal(url);
        return 'opened-in-browser';
      }
      redirectBrowser(url);
      return 'redirected';
    },
    [platform],
  );
}
