import { UI } from '@beatroom/shared/constants';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LoaderCircle, SearchX, Upload } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigationType } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useSession } from '../../auth/hooks/use-session';
import { beatListQueryOptions } from '../api';
import { activeFilterCount, toListFilters, type FilterValues } from '../filters';
import { isFilterNavigation, useBeatFilters } from '../hooks/use-beat-filters';
import { usePreferredCurrency } from '../hooks/use-preferred-currency';
import { BeatCard, BeatCardSkeleton } from './beat-card';
import { FilterBar } from './filter-bar';

/** Four cards on a wide screen (UI.GRID_COLUMNS), fewer on narrow ones, two on a phone. */
export const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4';

function headingFor(values: FilterValues): string {
  if (values.free && values.genre) return `Free ${values.genre} Beats`;
  if (values.free) return 'Free Beats';
  if (values.featured) return 'Featured Beats';
  if (values.genre) return `${values.genre} Beats`;
  return 'All Beats';
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { user } = useSession();
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-line px-6 py-16 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted" />
      <h3 className="mt-4 text-xl font-semibold">No beats found</h3>
      <p className="mt-1.5 max-w-md text-sm text-muted">
        {filtered
          ? 'Nothing matches these filters. Try a broader search or clear the filters.'
          : 'The catalogue is empty for now. Be the first to upload a beat.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {filtered ? <Button onClick={onClear}>Clear filters</Button> : null}
        {user ? (
          <Link to="/upload" className={buttonClasses({ variant: filtered ? 'secondary' : 'primary' })}>
            <Upload aria-hidden="true" className="size-4" />
            Upload a Beat
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function BeatResults({ values, onClear }: { values: FilterValues; onClear: () => void }) {
  const currency = usePreferredCurrency();
  const beats = useInfiniteQuery({
    ...beatListQueryOptions(toListFilters(values, currency)),
    placeholderData: keepPreviousData,
  });

  if (beats.isPending) {
    return (
      <div role="status" aria-label="Loading beats" className={GRID_CLASSES}>
        {Array.from({ length: UI.SKELETON_CARDS }, (_, index) => (
          <BeatCardSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (beats.isError) {
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-line px-6 py-16 text-center">
        <h3 className="text-xl font-semibold">Beats could not be loaded</h3>
        <p className="mt-1.5 text-sm text-muted">Check your connection and try again.</p>
        <Button className="mt-6" onClick={() => void beats.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const list = beats.data.pages.flat();
  if (list.length === 0) return <EmptyState filtered={activeFilterCount(values) > 0} onClear={onClear} />;

  return (
    <div className="flex flex-col gap-8">
      <ul
        aria-label="Beats"
        aria-busy={beats.isPlaceholderData || undefined}
        className={`${GRID_CLASSES} transition-opacity ${beats.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {list.map((beat) => (
          <li key={beat.id} className="flex min-w-0">
            <BeatCard beat={beat} currency={currency} />
          </li>
        ))}
      </ul>
      {beats.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            size="lg"
            onClick={() => void beats.fetchNextPage()}
            disabled={beats.isFetchingNextPage}
          >
            {beats.isFetchingNextPage ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : null}
            {beats.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The home page's catalogue: filter bar, sort and the beat grid (section id="beats", where the
 * hero's Browse Beats leads). Arriving from a link that filters (the header's Genres or Free
 * Beats) scrolls the grid into view; changes made in the filter bar itself do not.
 */
export function BeatCatalogue() {
  const { values, clear } = useBeatFilters();
  const currency = usePreferredCurrency();
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (navigationType !== 'PUSH' || !location.search || isFilterNavigation(location.state)) return;
    document.getElementById('beats')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [location.key, location.search, location.state, navigationType]);

  return (
    <section id="beats" aria-labelledby="beats-title" className="flex scroll-mt-32 flex-col gap-5">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id="beats-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {headingFor(values)}
          </h2>
          <p className="mt-1 text-sm text-muted">
            Press play on anything: the player keeps going while you browse.
          </p>
        </div>
      </div>
      <FilterBar currency={currency} />
      <BeatResults values={values} onClear={clear} />
    </section>
  );
}
