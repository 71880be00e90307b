import { create } from 'zustand';

export interface OpenSignInOptions {
  /** Runs when the dialog is dismissed, e.g. a members-only page sending the visitor home. */
  onClose?: () => void;
}

interface SignInDialogState {
  isOpen: boolean;
  onClose: (() => void) | null;
  open: (options?: OpenSignInOptions) => void;
  close: () => void;
}

/** Opens the one sign-in dialog from any screen (Sign In button, Record Vocals, Downloads...). */
export const useSignInDialog = create<SignInDialogState>()((set, get) => ({
  isOpen: false,
  onClose: null,
  open: (options) => set({ isOpen: true, onClose: options?.onClose ?? null }),
  close: () => {
    const { onClose } = get();
    set({ isOpen: false, onClose: null });
    onClose?.();
  },
}));
