import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePlatform } from '../../../lib/platform';
import { describeFailure, endSession, sessionKeys } from '../api';

/**
 * Sign out in this order: the local user is cleared first, so the screen reacts
 * at once even when the server is slow or down, then the logout call is made (a failure is only
 * logged), then the app returns home.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { auth } = usePlatform();

  return useCallback(async () => {
    // A user fetch still in flight must not bring the user back after we cleared it.
    void queryClient.cancelQueries({ queryKey: sessionKeys.me });
    queryClient.setQueryData(sessionKeys.me, null);
    try {
      // The desktop app forgets its stored token and ends the session with it as the bearer.
      await (auth ? auth.signOut() : endSession());
    } catch (error) {
      console.error(`Failed to sign out: ${describeFailure(error)}`);
    }
    await navigate('/');
  }, [queryClient, navigate, auth]);
}
