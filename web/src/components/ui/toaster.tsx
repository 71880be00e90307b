import { TIMINGS } from '@beatroom/shared/limits';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TOAST_EVENT, type ToastDetail, type ToastType } from '../../lib/toast';
import { useToastPlacement } from './toast-placement';

interface ToastItem extends ToastDetail {
  id: number;
}

const icons: Record<ToastType, typeof Info> = {
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleAlert,
  info: Info,
};

const accents: Record<ToastType, string> = {
  success: 'text-emerald-400',
  warning: 'text-amber-400',
  error: 'text-red-400',
  info: 'text-sky-400',
};

function isToastDetail(value: unknown): value is ToastDetail {
  return typeof value === 'object' && value !== null && 'type' in value && 'title' in value;
}

/**
 * Shows every `showToast` event, newest on top, at the top right. Each toast
 * leaves after its duration (default TIMINGS.TOAST_DEFAULT_MS); a duration of 0 keeps it until
 * dismissed. `className` sets the top offset, so a page can keep its own sticky bar uncovered.
 * While a menu is open where the stack would be, the stack moves out of its way
 * (toast-placement.ts), so a toast never hides the menu or the item in it that raised it.
 */
export function Toaster({
  className = 'top-3 sm:top-4',
  onListening,
}: {
  className?: string;
  /** Called once the toaster listens for toasts (lazy-toaster.tsx hands it those raised before). */
  onListening?: () => void;
}) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  useEffect(() => {
    const pending = timers.current;
    function onToast(event: Event) {
      const detail: unknown = (event as CustomEvent<unknown>).detail;
      if (!isToastDetail(detail)) return;
      const id = nextId.current++;
      setToasts((current) => [{ ...detail, id }, ...current]);
      const duration = detail.duration ?? TIMINGS.TOAST_DEFAULT_MS;
      if (duration > 0)
        pending.set(
          id,
          setTimeout(() => dismiss(id), duration),
        );
    }
    window.addEventListener(TOAST_EVENT, onToast);
    onListening?.();
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast);
      pending.forEach((timer) => clearTimeout(timer));
      pending.clear();
    };
  }, [dismiss, onListening]);

  const placement = useToastPlacement(toasts.length > 0);

  return (
    <section
      aria-label="Status messages"
      data-placement={placement ? 'clear-of-menu' : 'top-right'}
      style={placement ?? undefined}
      className={`pointer-events-none fixed right-3 left-3 z-[60] flex justify-end sm:right-4 sm:left-auto ${className}`}
    >
      {/* Always mounted, so screen readers announce what gets added to it. */}
      <ol aria-live="polite" aria-relevant="additions text" className="flex w-full flex-col gap-2 sm:w-96">
        {toasts.map((toast) => {
          const Icon = icons[toast.type];
          return (
            <li
              key={toast.id}
              data-type={toast.type}
              className="pointer-events-auto flex gap-3 rounded-xl border border-line bg-elevated/95 p-4 text-fg shadow-2xl shadow-black/40 backdrop-blur animate-toast-in"
            >
              <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${accents[toast.type]}`} />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold">{toast.title}</p>
                {toast.message ? (
                  <p className="mt-0.5 text-sm break-words text-muted">{toast.message}</p>
                ) : null}
                {toast.action ? (
                  <button
                    type="button"
                    onClick={() => {
                      toast.action?.onClick();
                      dismiss(toast.id);
                    }}
                    className="mt-2 text-sm font-semibold text-accent hover:underline"
                  >
                    {toast.action.label}
                  </button>
                ) : null}
              </div>
              <button
                type="button"
                aria-label={`Dismiss: ${toast.title}`}
                onClick={() => dismiss(toast.id)}
                className="-mt-1 -mr-1 inline-flex size-7 shrink-0 items-center justify-center rounded-full text-muted hover:bg-fg/10 hover:text-fg"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
