import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useSession } from '../../session/hooks/use-session';

/** The beat grid, or the dense track list (BeatStars-style rows). */
export const CATALOGUE_VIEWS = ['grid', 'list'] as const;
export type CatalogueView = (typeof CATALOGUE_VIEWS)[number];

export const CATALOGUE_VIEW_STORAGE_KEY = 'beatroom-catalogue-view';

/** Whose choice it is: a user's id, or this for a signed-out visitor. */
export const VISITOR_VIEW_OWNER = 'visitor';

/**
 * Wide enough for the track list's columns (tags, BPM, key, time): there it is the default, as on
 * BeatStars, and shows more beats in the first screen than the cards; the grid elsewhere.
 */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';

interface CatalogueViewState {
  /** Each person's explicit choice on this device; none yet means the screen's default. */
  choices: Record<string, CatalogueView>;
  setView: (owner: string, view: CatalogueView) => void;
}

const isView = (value: unknown): value is CatalogueView => CATALOGUE_VIEWS.some((view) => view === value);

/**
 * How the catalogue lays beats out, remembered per user on this device (localStorage): a
 * listener who prefers rows keeps them on every visit, and someone else signing in on the same
 * computer keeps their own. A stored value that is not a view is ignored.
 */
export const useCatalogueView = create<CatalogueViewState>()(
  persist(
    (set) => ({
      choices: {},
      setView: (owner, view) => set((state) => ({ choices: { ...state.choices, [owner]: view } })),
    }),
    {
      name: CATALOGUE_VIEW_STORAGE_KEY,
      version: 1,
      // Storage may be refused (private mode) or absent (tooling): the choice then lasts the visit.
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ choices: state.choices }),
      // Version 0 kept one choice for the device: it becomes the visitor's.
      migrate: (stored) => {
        const view = (stored as { view?: unknown } | undefined)?.view;
        return { choices: isView(view) ? { [VISITOR_VIEW_OWNER]: view } : {} };
      },
      merge: (stored, current) => {
        const choices = (stored as { choices?: unknown } | undefined)?.choices;
        if (typeof choices !== 'object' || choices === null) return current;
        const valid = Object.entries(choices).filter((entry): entry is [string, CatalogueView] =>
          isView(entry[1]),
        );
        return { ...current, choices: Object.fromEntries(valid) };
      },
    },
  ),
);

function subscribeWide(onChange: () => void) {
  const query = globalThis.matchMedia?.(WIDE_SCREEN_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const wideNow = () => globalThis.matchMedia?.(WIDE_SCREEN_QUERY).matches ?? false;

/** The view for whoever is signed in (or the visitor), and a setter that remembers it for them. */
export function useCatalogueViewChoice(): [CatalogueView, (view: CatalogueView) => void] {
  const { user } = useSession();
  const owner = user?.id ?? VISITOR_VIEW_OWNER;
  const chosen = useCatalogueView((state) => state.choices[owner]);
  const setView = useCatalogueView((state) => state.setView);
  const wide = useSyncExternalStore(subscribeWide, wideNow, () => false);
  return [chosen ?? (wide ? 'list' : 'grid'), (view) => setView(owner, view)];
}
