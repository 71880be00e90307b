import { create } from 'zustand';

/** What the dialog needs to know of the beat being promoted. */
export interface PromoteBeat {
  id: string;
  title: string;
}

interface PromoteDialogState {
  beat: PromoteBeat | null;
  /** Runs after the success view of a promotion paid with credits. */
  onPromoted: (() => void) | null;
  open: (beat: PromoteBeat, options?: { onPromoted?: () => void }) => void;
  close: () => void;
}

/** The one Promote Your Beat dialog, opened from Manage Beat; app/ mounts it once. */
export const usePromoteDialog = create<PromoteDialogState>()((set) => ({
  beat: null,
  onPromoted: null,
  open: (beat, options) => set({ beat, onPromoted: options?.onPromoted ?? null }),
  close: () => set({ beat: null, onPromoted: null }),
}));
