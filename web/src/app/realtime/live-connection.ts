import type { LiveConnection } from '../../features/activity/components/activity-page';
import { useRealtimeStore } from '../../features/realtime/store/realtime-store';

/** The realtime connection's status and retry, for the activity screens' markers and banner. */
export function useLiveConnection(): LiveConnection {
  const status = useRealtimeStore((state) => state.status);
  const reconnect = useRealtimeStore((state) => state.reconnect);
  return { status, reconnect };
}
