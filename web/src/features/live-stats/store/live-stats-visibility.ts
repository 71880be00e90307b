import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface LiveStatsVisibility {
  /** The four tiles are shown; otherwise the stats sit on one line, so beats fit the first screen. */
  expanded: boolean;
  toggle: () => void;
}

/** Whether the home page's live stats show as tiles or on one line; remembered on this device. */
export const useLiveStatsVisibility = create<LiveStatsVisibility>()(
  persist((set) => ({ expanded: false, toggle: () => set((state) => ({ expanded: !state.expanded })) }), {
    name: 'beatroom:live-stats-expanded',
    storage: createJSONStorage(() => localStorage),
    partialize: (state) => ({ expanded: state.expanded }),
  }),
);
