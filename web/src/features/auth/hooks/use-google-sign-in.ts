import { useCallback, useState } from 'react';
import { redirectBrowser } from '../../../lib/browser-location';
import { describeFailure, fetchLoginRedirectUrl } from '../api';

export interface GoogleSignIn {
  start: () => Promise<void>;
  /** True from the click until the browser leaves, or until the attempt fails. */
  isRedirecting: boolean;
}

/** Fetches the provider's sign-in URL and sends the browser there (platform.md §4). */
export function useGoogleSignIn(): GoogleSignIn {
  const [isRedirecting, setIsRedirecting] = useState(false);

  const start = useCallback(async () => {
    setIsRedirecting(true);
    try {
      redirectBrowser(await fetchLoginRedirectUrl());
      // Stay in the redirecting state: the page is about to unload.
    } catch (error) {
      console.error(`Failed to get login redirect URL: ${describeFailure(error)}`);
      setIsRedirecting(false);
    }
  }, []);

  return { start, isRedirecting };
}
