import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DataRouter } from 'react-router-dom';
import { sessionKeys } from '../features/session/api';
import { usePlatform } from '../lib/platform';
import { showToast } from '../lib/toast';

/**
 * Connects what the platform reports to the app: a sign-in finished or ended outside the page
 * (desktop: in the system browser) refetches the user; the native menu's screens navigate; update
 * checks show a toast. Renders nothing; on the web none of these exist and it does nothing.
 */
export function PlatformSync({ router }: { router: DataRouter }) {
  const platform = usePlatform();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      platform.auth?.subscribe((status) => {
        if (!status.pending) void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
        if (status.error) showToast({ type: 'error', title: 'Sign-in failed', message: status.error });
      }),
    [platform, queryClient],
  );

  useEffect(() => platform.navigation?.subscribe((path) => void router.navigate(path)), [platform, router]);

  useEffect(
    () =>
      platform.updates?.subscribe((status) => {
        if (!status.message || status.state === 'checking') return;
        showToast({
          type: status.state === 'error' ? 'error' : 'info',
          title:
            status.state === 'available' || status.state === 'downloaded' ? 'Update available' : 'Updates',
          message: status.message,
        });
      }),
    [platform],
  );

  return null;
}
