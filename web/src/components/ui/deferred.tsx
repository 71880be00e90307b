import { useDeferredValue, type ReactNode } from 'react';

/**
 * `children` built in a second, background pass (a transition, which yields to the browser),
 * `fallback` until then. For the heavy lower parts of a page: rendered in the same update as the
 * rest, they (and the first style pass of what they add) held a phone's main thread for a
 * quarter of a second while the page appeared. The fallback keeps their place.
 */
export function Deferred({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
