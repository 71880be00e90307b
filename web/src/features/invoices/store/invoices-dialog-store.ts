import { create } from 'zustand';

interface InvoicesDialogState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

/**
 * The one Invoices & Receipts modal, opened from the user menu and from My
 * Downloads; app/ mounts the dialog once.
 */
export const useInvoicesDialog = create<InvoicesDialogState>()((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}));
