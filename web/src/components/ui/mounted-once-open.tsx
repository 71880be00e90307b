import { Suspense, useState, type ReactNode } from 'react';

/**
 * True from the first render in which `open` is true, for good. A dialog whose code loads on
 * demand mounts when it first opens and stays mounted after it closes: its closing animation
 * plays, and a half-filled form is still there when it opens again.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * Its children, in a Suspense of their own, from the first time `open` is true on; nothing
 * before, so code loaded on demand is not even asked for: a dialog until it first opens, the
 * player bar until something plays, a member's parts until someone signs in.
 */
export function MountedOnceOpen({ open, children }: { open: boolean; children: ReactNode }) {
  return useOpenedOnce(open) ? <Suspense fallback={null}>{children}</Suspense> : null;
}
