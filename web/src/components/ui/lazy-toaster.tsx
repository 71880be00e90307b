import { lazy, Suspense, useCallback, useLayoutEffect, useRef } from 'react';
import { TOAST_EVENT } from '../../lib/toast';

// The toaster's code loads just after the first render instead of with it: a first visit rarely
// raises a toast in its first moments. It mounts as soon as it is there (not with the first
// toast), so its live region exists before anything is announced in it.
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The Toaster, loaded lazily. Toasts raised before it listens (a page's effect on mount, a
 * request that failed at once) are kept from this component's layout effect on, which runs
 * before any page's effects, and handed to the toaster in order once it listens.
 */
export function LazyToaster({ className }: { className?: string }) {
  const buffer = useRef<{ kept: unknown[]; stop: () => void } | null>(null);

  useLayoutEffect(() => {
    const kept: unknown[] = [];
    const keep = (event: Event) => kept.push((event as CustomEvent<unknown>).detail);
    const stop = () => window.removeEventListener(TOAST_EVENT, keep);
    window.addEventListener(TOAST_EVENT, keep);
    buffer.current = { kept, stop };
    return () => {
      stop();
      buffer.current = null;
    };
  }, []);

  const handOver = useCallback(() => {
    const current = buffer.current;
    if (!current) return;
    buffer.current = null;
    current.stop();
    for (const detail of current.kept) window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail }));
  }, []);

  return (
    <Suspense fallback={null}>
      <Toaster className={className} onListening={handOver} />
    </Suspense>
  );
}
