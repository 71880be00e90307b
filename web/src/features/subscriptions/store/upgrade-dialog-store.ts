import { create } from 'zustand';

interface UpgradeDialogState {
  isOpen: boolean;
  /** Runs after the success screen of a plan paid without leaving the page. */
  onSubscribed: (() => void) | null;
  open: (options?: { onSubscribed?: () => void }) => void;
  close: () => void;
}

/**
 * The one Upgrade to Producer Pro dialog, opened from the user menu's Upgrade to Pro and the
 * settings subscription section; app/ mounts it once.
 */
export const useUpgradeDialog = create<UpgradeDialogState>()((set) => ({
  isOpen: false,
  onSubscribed: null,
  open: (options) => set({ isOpen: true, onSubscribed: options?.onSubscribed ?? null }),
  close: () => set({ isOpen: false, onSubscribed: null }),
}));
