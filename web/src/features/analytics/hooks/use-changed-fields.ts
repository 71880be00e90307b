import { TIMINGS } from '@beatroom/shared/limits';
import { useEffect, useRef, useState } from 'react';

/**
 * The fields of `value` that changed since the previous value, for `durationMs` (the
 * analytics highlight lasts 1 s). The first value highlights nothing. Pass `fields` as
 * a constant: a new array on every render would re-run the comparison.
 */
export function useChangedFields<T extends object>(
  value: T | undefined,
  fields: readonly (keyof T)[],
  durationMs: number = TIMINGS.ANALYTICS_HIGHLIGHT_MS,
): ReadonlySet<keyof T> {
  const previous = useRef<T | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [changed, setChanged] = useState<ReadonlySet<keyof T>>(() => new Set());

  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (!before || !value) return;
    const now = new Set(fields.filter((field) => before[field] !== value[field]));
    if (now.size === 0) return;
    setChanged(now);
    // A later change restarts the clock; one that changes nothing leaves it running.
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      setChanged(new Set());
    }, durationMs);
  }, [value, fields, durationMs]);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return changed;
}
