import { create } from 'zustand';

/** What the dialog needs to know of the beat being bought; the licences it fetches itself. */
export interface PurchaseBeat {
  id: string;
  title: string;
  producer_name?: string;
  cover_image_key?: string | null;
}

export interface OpenPurchaseOptions {
  /**
   * Runs once the order is paid without leaving the page (a saved method charged at once), e.g.
   * the download flow retrying the download. A checkout redirect leaves the page,
   * so it never runs then.
   */
  onPurchased?: () => void;
}

interface PurchaseDialogState {
  beat: PurchaseBeat | null;
  onPurchased: (() => void) | null;
  open: (beat: PurchaseBeat, options?: OpenPurchaseOptions) => void;
  close: () => void;
}

/**
 * The one Purchase Beat dialog, opened from any screen (a card's price, the beat page, the
 * download flow); app/ mounts the dialog once, so the screens that start a purchase need no
 * dialog of their own.
 */
export const usePurchaseDialog = create<PurchaseDialogState>()((set) => ({
  beat: null,
  onPurchased: null,
  open: (beat, options) => set({ beat, onPurchased: options?.onPurchased ?? null }),
  close: () => set({ beat: null, onPurchased: null }),
}));
