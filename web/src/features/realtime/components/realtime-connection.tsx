import { REALTIME_PATH, type ServerMessage } from '@beatroom/shared/realtime-contract';
import { useEffect, useRef } from 'react';
import { realtimeUrl } from '../../../lib/api-client';
import { createRealtimeClient } from '../realtime-client';
import { useRealtimeStore } from '../store/realtime-store';

/** What the app does with the connection: app/ routes messages to the features that show them. */
export interface RealtimeHandlers {
  onMessage: (message: ServerMessage) => void;
  /** This user's connection is over (sign-out, another account): drop what it fed. */
  onEnd?: () => void;
}

/**
 * One user's connection: opened on mount, closed with 1000 on unmount (sign-out, another
 * account). The address follows the API client's base URL (the desktop app's server) or the
 * page's own host. A page cannot set headers on a WebSocket: on the web the session cookie goes
 * along; in the desktop app main adds the Bearer token to the handshake (its webRequest filter
 * names the server's ws:/wss: address, desktop/src/main/window.ts). The server closes the socket
 * with 1000 when the session ends, which is not retried. Renders nothing.
 */
export function RealtimeConnection({ userId, handlers }: { userId: string; handlers: RealtimeHandlers }) {
  // Handlers change identity with every render; the socket must not.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const client = createRealtimeClient({
      url: () => realtimeUrl(REALTIME_PATH),
      userId,
      onMessage: (message) => latest.current.onMessage(message),
      onStatus: (status) => useRealtimeStore.setState({ status }),
    });
    useRealtimeStore.setState({ status: client.status, reconnect: () => client.connect() });
    client.connect();
    return () => {
      client.disconnect();
      useRealtimeStore.setState({ status: 'disconnected', reconnect: () => {} });
      latest.current.onEnd?.();
    };
  }, [userId]);

  return null;
}
