import { useQueryClient } from '@tanstack/react-query';
import { useActivityFeedStore } from '../../features/activity/store/activity-feed-store';
import { useOpenNotification } from '../../features/notifications/hooks/use-notification-actions';
import { RealtimeConnection } from '../../features/realtime/components/realtime-connection';
import { useSession } from '../../features/session/hooks/use-session';
import { usePlatform } from '../../lib/platform';
import { dispatchServerMessage } from './realtime-dispatch';

function UserRealtime({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const openNotification = useOpenNotification(userId);
  const platform = usePlatform();
  return (
    <RealtimeConnection
      userId={userId}
      handlers={{
        onMessage: (message) =>
          dispatchServerMessage(message, {
            queryClient,
            userId,
            openNotification,
            notify: (notification) => void platform.notify(notification).catch(() => {}),
          }),
        onEnd: () => useActivityFeedStore.getState().reset(),
      }}
    />
  );
}

/**
 * The app's realtime connection: open while a user is signed in, closed when
 * they are gone, its messages routed to the features that show them. Mounted once in the root
 * layout; renders nothing.
 */
export function AppRealtime() {
  const { user } = useSession();
  return user ? <UserRealtime key={user.id} userId={user.id} /> : null;
}
