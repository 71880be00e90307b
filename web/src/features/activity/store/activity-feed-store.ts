import { activityFeedReducer } from '@beatroom/shared/realtime-client-rules';
import type { ServerMessage } from '@beatroom/shared/realtime-contract';
import type { ActivityItem } from '@beatroom/shared/realtime-objects-contract';
import { create } from 'zustand';

interface ActivityFeedState {
  /** Newest first, at most UI.ACTIVITY_FEED_MAX. */
  items: ActivityItem[];
  /** An initial_feed has arrived since the connection (re)opened; until then the feed loads. */
  received: boolean;
  /** Applies a server message: initial_feed replaces, new_activity prepends, others are ignored. */
  apply: (message: ServerMessage) => void;
  /** The user is gone: their feed goes with them. */
  reset: () => void;
}

/** The live activity feed, filled by the realtime connection. */
export const useActivityFeedStore = create<ActivityFeedState>()((set) => ({
  items: [],
  received: false,
  apply: (message) =>
    set((state) => {
      const items = activityFeedReducer(state.items, message);
      if (items === state.items) return state;
      const initial = message.type === 'activity' && message.data.type === 'initial_feed';
      return { items, received: state.received || initial };
    }),
  reset: () => set({ items: [], received: false }),
}));
