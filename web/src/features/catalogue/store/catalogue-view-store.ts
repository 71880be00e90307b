import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The beat grid, or the dense track list (BeatStars-style rows). */
export const CATALOGUE_VIEWS = ['grid', 'list'] as const;
export type CatalogueView = (typeof CATALOGUE_VIEWS)[number];

export const CATALOGUE_VIEW_STORAGE_KEY = 'beatroom-catalogue-view';

interface CatalogueViewState {
  view: CatalogueView;
  setView: (view: CatalogueView) => void;
}

/**
 * How the catalogue lays beats out, remembered on this device (localStorage): a listener who
 * prefers rows keeps them on every visit. A stored value that is not a view is ignored.
 */
export const useCatalogueView = create<CatalogueViewState>()(
  persist(
    (set) => ({
      view: 'grid',
      setView: (view) => set({ view }),
    }),
    {
      name: CATALOGUE_VIEW_STORAGE_KEY,
      // Storage may be refused (private mode) or absent (tooling): the choice then lasts the visit.
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ view: state.view }),
      merge: (stored, current) => {
        const view = (stored as { view?: unknown } | undefined)?.view;
        return CATALOGUE_VIEWS.some((v) => v === view)
          ? { ...current, view: view as CatalogueView }
          : current;
      },
    },
  ),
);
