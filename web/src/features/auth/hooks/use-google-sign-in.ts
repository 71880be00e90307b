import { useCallback, useState } from 'react';
import { redirectBrowser } from '../../../lib/browser-location';
import { usePlatform } from '../../../lib/platform';
import { showToast } from '../../../lib/toast';
import { describeFailure } from '../../session/api';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { currentReturnPath, fetchLoginRedirectUrl } from '../api';

export interface GoogleSignIn {
  start: () => Promise<void>;
  /** True from the click until the browser leaves, or until the attempt fails. */
  isRedirecting: boolean;
}

/**
 * Fetches the provider's sign-in URL and sends the browser there. In the
 * desktop app the platform opens it in the system browser instead; the app finishes the sign-in
 * when the browser hands it back, so the dialog closes and says where to continue. Either way the
 * page the visitor is on (a ticket, a beat, the studio) is where they land once signed in.
 */
export function useGoogleSignIn(): GoogleSignIn {
  const [isRedirecting, setIsRedirecting] = useState(false);
  const { auth } = usePlatform();

  const start = useCallback(async () => {
    setIsRedirecting(true);
    const returnTo = currentReturnPath(window.location);
    if (auth) {
      try {
        await auth.signIn(returnTo ? { returnTo } : undefined);
        useSignInDialog.getState().close();
        showToast({
          type: 'info',
          title: 'Continue in your browser',
          message: 'Finish signing in on the page that just opened; Beatroom picks it up from there.',
        });
      } catch (error) {
        console.error(`Failed to get login redirect URL: ${describeFailure(error)}`);
        showToast({ type: 'error', title: 'Sign-in failed', message: describeFailure(error) });
      } finally {
        setIsRedirecting(false);
      }
      return;
    }
    try {
      redirectBrowser(await fetchLoginRedirectUrl(returnTo));
      // Stay in the redirecting state: the page is about to unload.
    } catch (error) {
      console.error(`Failed to get login redirect URL: ${describeFailure(error)}`);
      setIsRedirecting(false);
    }
  }, [auth]);

  return { start, isRedirecting };
}
