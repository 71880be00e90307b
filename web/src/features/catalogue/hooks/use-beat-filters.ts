import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EMPTY_FILTERS, readFilters, writeFilters, type FilterValues } from '../filters';

/** Marks navigations made by the filter bar, so the page does not jump to the grid for them. */
export const FILTER_NAVIGATION_STATE = { source: 'beat-filters' } as const;

export function isFilterNavigation(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'source' in state &&
    state.source === FILTER_NAVIGATION_STATE.source
  );
}

/**
 * The filters live in the URL (shareable, reload-safe, the back button undoes a change). Typed
 * text replaces the history entry; a choice adds one. The scroll position stays put.
 */
export function useBeatFilters() {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => readFilters(params), [params]);
  // React Router's functional setSearchParams reads the params of the last render, so two
  // commits in a row (two fields whose typing pauses end together) would lose the first one.
  // The latest URL asked for is kept here and built upon; renders of our own navigations that
  // are already overtaken do not rewind it, only a change from outside does.
  const latest = useRef(params);
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const text = params.toString();
    const at = pending.current.indexOf(text);
    if (at !== -1) {
      pending.current = pending.current.slice(at + 1);
      return;
    }
    pending.current = [];
    latest.current = params;
  }, [params]);

  const navigate = useCallback(
    (next: URLSearchParams, replace: boolean) => {
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      pending.current.push(next.toString());
      setParams(next, { replace, preventScrollReset: true, state: FILTER_NAVIGATION_STATE });
    },
    [setParams],
  );

  const update = useCallback(
    (patch: Partial<FilterValues>, { replace = false }: { replace?: boolean } = {}) => {
      navigate(writeFilters({ ...readFilters(latest.current), ...patch }), replace);
    },
    [navigate],
  );

  const clear = useCallback(() => {
    navigate(writeFilters({ ...EMPTY_FILTERS, sort: readFilters(latest.current).sort }), false);
  }, [navigate]);

  return { values, update, clear };
}

/**
 * A text field whose value is committed after a pause in typing. It follows the committed
 * value when that changes from elsewhere (a header link, Clear, the back button).
 */
export function useDebouncedField(value: string, commit: (value: string) => void, delayMs = 350) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  /** The last text this field committed itself, to tell its own echo from an outside change. */
  const [sent, setSent] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(commit);

  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const [outsideChanges, setOutsideChanges] = useState(0);

  if (value !== committed) {
    setCommitted(value);
    setSent(null);
    // Changed from outside: show it. The echo of our own commit must not undo newer typing.
    if (value !== sent) {
      setDraft(value);
      setOutsideChanges((count) => count + 1);
    }
  }
  // After an outside change, a commit still waiting holds text typed before it: drop it.
  useEffect(() => clearTimeout(timer.current), [outsideChanges]);

  const change = useCallback(
    (next: string) => {
      setDraft(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setSent(next);
        commitRef.current(next);
      }, delayMs);
    },
    [delayMs],
  );

  return [draft, change] as const;
}
