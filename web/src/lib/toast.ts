/**
 * Toasts travel as a window event named `showToast`, so any code, even code
 * outside React or in another bundle, can raise one without importing the Toaster.
 */
export const TOAST_EVENT = 'showToast';

export type ToastType = 'success' | 'warning' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastDetail {
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds on screen; defaults to TIMINGS.TOAST_DEFAULT_MS; 0 stays until dismissed. */
  duration?: number;
  action?: ToastAction;
}

export function showToast(detail: ToastDetail): void {
  window.dispatchEvent(new CustomEvent<ToastDetail>(TOAST_EVENT, { detail }));
}
