import type { ConnectionStatus } from '@beatroom/shared/community-constants';
import { create } from 'zustand';

interface RealtimeStoreState {
  status: ConnectionStatus;
  /** Asks the connection to try again (after `error`); a no-op while no connection is mounted. */
  reconnect: () => void;
}

/** The realtime connection's status, for the Live/Offline markers and the activity banner. */
export const useRealtimeStore = create<RealtimeStoreState>()(() => ({
  status: 'disconnected',
  reconnect: () => {},
}));

export function useRealtimeStatus(): ConnectionStatus {
  return useRealtimeStore((state) => state.status);
}
