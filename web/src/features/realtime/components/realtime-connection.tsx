import { REALTIME_PATH } from '@beatroom/shared/realtime-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { realtimeUrl } from '../../../lib/api-client';
import { usePlatform } from '../../../lib/platform';
import { useActivityFeedStore } from '../../activity/store/activity-feed-store';
import { useSession } from '../../auth/hooks/use-session';
import { useOpenNotification } from '../../notifications/hooks/use-notification-actions';
import { dispatchServerMessage, type DispatchContext } from '../dispatch';
import { createRealtimeClient } from '../realtime-client';
import { useRealtimeStore } from '../store/realtime-store';

/**
 * One user's connection: opened on mount, closed with 1000 on unmount (sign-out, another
 * account). The address follows the API client's base URL (the desktop app's server) or the
 * page's own host. A page cannot set headers on a WebSocket: on the web the session cookie goes
 * along; in the desktop app main adds the Bearer token to the handshake (its webRequest filter
 * names the server's ws:/wss: address, desktop/src/main/window.ts). The server closes the socket
 * with 1000 when the session ends, which is not retried.
 */
function UserConnection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const openNotification = useOpenNotification(userId);
  const platform = usePlatform();
  // Handlers change identity with every render; the socket must not.
  const context = useRef<DispatchContext>({ queryClient, userId, openNotification });
  useEffect(() => {
    context.current = {
      queryClient,
      userId,
      openNotification,
      notify: (notification) => void platform.notify(notification).catch(() => {}),
    };
  });

  useEffect(() => {
    const client = createRealtimeClient({
      url: () => realtimeUrl(REALTIME_PATH),
      userId,
      onMessage: (message) => dispatchServerMessage(message, context.current),
      onStatus: (status) => useRealtimeStore.setState({ status }),
    });
    useRealtimeStore.setState({ status: client.status, reconnect: () => client.connect() });
    client.connect();
    return () => {
      client.disconnect();
      useRealtimeStore.setState({ status: 'disconnected', reconnect: () => {} });
      useActivityFeedStore.getState().reset();
    };
  }, [userId]);

  return null;
}

/**
 * The app's realtime connection (platform.md §4): open while a user is signed in, closed when
 * they are gone. Mounted once in the root layout; renders nothing.
 */
export function RealtimeConnection() {
  const { user } = useSession();
  return user ? <UserConnection key={user.id} userId={user.id} /> : null;
}
