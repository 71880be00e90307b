import { TIMINGS } from '@beatroom/shared/limits';
import { useEffect, useRef } from 'react';

/**
 * Runs `then` once, TIMINGS.SUCCESS_REDIRECT_MS (2 s) after `shown` turns true: the success screens
 * of the paying dialogs stay that long before their callback and close. Leaving earlier (the dialog
 * closed, the screen unmounted) cancels it.
 */
export function useSuccessDelay(shown: boolean, then: () => void): void {
  const latest = useRef(then);
  useEffect(() => {
    latest.current = then;
  });
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => latest.current(), TIMINGS.SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [shown]);
}
