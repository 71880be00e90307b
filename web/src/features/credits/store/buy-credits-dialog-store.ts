import { create } from 'zustand';

interface BuyCreditsDialogState {
  isOpen: boolean;
  /** Runs after the success screen of a pack paid without leaving the page. */
  onPurchased: (() => void) | null;
  open: (options?: { onPurchased?: () => void }) => void;
  close: () => void;
}

/**
 * The one Buy Credits dialog, opened from the user menu's Buy More, the settings credits
 * section and the profile's credits tab; app/ mounts it once.
 */
export const useBuyCreditsDialog = create<BuyCreditsDialogState>()((set) => ({
  isOpen: false,
  onPurchased: null,
  open: (options) => set({ isOpen: true, onPurchased: options?.onPurchased ?? null }),
  close: () => set({ isOpen: false, onPurchased: null }),
}));
