import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface LiveStatsVisibility {
  hidden: boolean;
  toggle: () => void;
}

/** Whether the home page's live stats tiles are hidden; remembered on this device. */
export const useLiveStatsVisibility = create<LiveStatsVisibility>()(
  persist((set) => ({ hidden: false, toggle: () => set((state) => ({ hidden: !state.hidden })) }), {
    name: 'beatroom:live-stats',
    storage: createJSONStorage(() => localStorage),
    partialize: (state) => ({ hidden: state.hidden }),
  }),
);
