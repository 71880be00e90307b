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
 * computer keeps their own.
 */
export const useCatalogueView = create<CatalogueViewState>()(
  persist(
    (set) => ({
      choices: {},
      setView: (owner, view) => set((state) => ({ choices: { ...state.choices, [owner]: view } })),
    }),
    {
      name: CATALOGUE_VIEW_STORAGE_KEY,
      // Storage may be refused (private mode) or absent (tooling): the choice then lasts the visit.
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ choices: state.choices }),
    },
  ),
);

/** The view for whoever is signed in (or the visitor), and a setter that remembers it for them. */
export function useCatalogueViewChoice(): [CatalogueView, (view: CatalogueView) => void] {
  const { user } = useSession();
  const owner = user?.id ?? VISITOR_VIEW_OWNER;
  // What storage holds is checked here: anything but a view counts as no choice.
  const stored = useCatalogueView((state) => state.choices[owner]);
  const chosen = isView(stored) ? stored : undefined;
  const setView = useCatalogueView((state) => state.setView);
  // The screen as it is now; a choice once made stays whatever the width.
  const wide = globalThis.matchMedia?.(WIDE_SCREEN_QUERY).matches ?? false;
  return [chosen ?? (wide ? 'list' : 'grid'), (view) => setView(owner, view)];
}
