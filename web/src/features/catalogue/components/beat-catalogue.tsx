import { UI } from '@beatroom/shared/limits';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LoaderCircle, SearchX, Upload } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { Link, useLocation, useNavigationType } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { useSession } from '../../session/hooks/use-session';
import { beatListQueryOptions } from '../api';
import { isFirstScreenPage } from '../first-screen-page';
import { activeFilterCount, toListFilters, type FilterValues } from '../filters';
import { isFilterNavigation, useBeatFilters } from '../hooks/use-beat-filters';
import { useCatalogueViewChoice } from '../store/catalogue-view-store';
import type { RenderPlayButton, RenderPriceButton, RenderQueueMenu } from './beat-card';
import { BeatGrid, BeatGridSkeleton, type BeatListProps } from './beat-grid';
import { FilterBar } from './filter-bar';
import { ViewToggle } from './view-toggle';

// The list view is a choice a visitor makes (the grid is the default): it loads when first shown,
// outside the first load of home.
const trackList = () => import('./beat-track-list');
const BeatTrackList = lazy(() => trackList().then((m) => ({ default: m.BeatTrackList })));
const BeatTrackListSkeleton = lazy(() => trackList().then((m) => ({ default: m.BeatTrackListSkeleton })));
/** While the list view's code arrives: the same status as its skeleton, without its shape. */
const listLoading = <div role="status" aria-label="Loading beats" className="min-h-96" />;

function headingFor(values: FilterValues): string {
  if (values.free && values.genre) return `Free ${values.genre} Beats`;
  if (values.free) return 'Free Beats';
  if (values.featured) return 'Featured Beats';
  if (values.genre) return `${values.genre} Beats`;
  return 'All Beats';
}

function NoBeats({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { user } = useSession();
  return (
    <EmptyState
      Icon={SearchX}
      title="No beats found"
      message={
        filtered
          ? 'Nothing matches these filters. Try a broader search or clear the filters.'
          : 'The catalogue is empty for now. Be the first to upload a beat.'
      }
    >
      {filtered ? <Button onClick={onClear}>Clear filters</Button> : null}
      {user ? (
        <Link to="/upload" className={buttonClasses({ variant: filtered ? 'secondary' : 'primary' })}>
          <Upload aria-hidden="true" className="size-4" />
          Upload a Beat
        </Link>
      ) : null}
    </EmptyState>
  );
}

function BeatResults({
  values,
  onClear,
  renderPlayButton,
  renderPriceButton,
  renderQueueMenu,
}: {
  values: FilterValues;
  onClear: () => void;
  renderPlayButton: RenderPlayButton;
  renderPriceButton?: RenderPriceButton;
  renderQueueMenu?: RenderQueueMenu;
}) {
  const currency = usePreferredCurrency();
  const [view] = useCatalogueViewChoice();
  const beats = useInfiniteQuery({
    ...beatListQueryOptions(toListFilters(values, currency)),
    placeholderData: keepPreviousData,
  });

  // The cards are built in the background, a few at a time: a page of them is the heaviest
  // render of the app (on a phone, a blocked tap of a third of a second when the page arrives
  // as one update). The skeleton, or the cards shown before, stays until they are ready. With
  // the page the home HTML carries, the first render shows its first row only (the largest
  // paint, as the server drew it) and the rest follows. Not with cached pages: going back to a
  // long list, the browser restores the scroll position against the whole of it.
  const loaded = beats.data?.pages;
  const pages = useDeferredValue(
    loaded,
    loaded && isFirstScreenPage(loaded[0]) ? [loaded[0]!.slice(0, UI.GRID_COLUMNS)] : undefined,
  );

  if (beats.isError) {
    return (
      <ErrorState
        title="Beats could not be loaded"
        onRetry={() => void beats.refetch()}
        retrying={beats.isFetching}
      />
    );
  }

  if (!pages) {
    return view === 'list' ? (
      <Suspense fallback={listLoading}>
        <BeatTrackListSkeleton />
      </Suspense>
    ) : (
      <BeatGridSkeleton />
    );
  }
  const list = pages.flat();
  if (list.length === 0) return <NoBeats filtered={activeFilterCount(values) > 0} onClear={onClear} />;
  const listProps: BeatListProps = {
    beats: list,
    label: 'Beats',
    renderPlayButton,
    renderPriceButton,
    renderQueueMenu,
    busy: beats.isPlaceholderData,
  };

  return (
    <div className="flex flex-col gap-8">
      {view === 'list' ? (
        <Suspense fallback={listLoading}>
          <BeatTrackList {...listProps} />
        </Suspense>
      ) : (
        // The catalogue opens the home page's first screen: on a phone its first row of two.
        <BeatGrid {...listProps} priorityCovers={2} />
      )}
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
export function BeatCatalogue({
  renderPlayButton,
  renderPriceButton,
  renderQueueMenu,
}: {
  renderPlayButton: RenderPlayButton;
  /** The price as a buy / download button (purchase, through app/); plain text without it. */
  renderPriceButton?: RenderPriceButton;
  /** Play next / Add to queue on each card or row (the player, through app/). */
  renderQueueMenu?: RenderQueueMenu;
}) {
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
        <ViewToggle />
      </div>
      <FilterBar currency={currency} />
      <BeatResults
        values={values}
        onClear={clear}
        renderPlayButton={renderPlayButton}
        renderPriceButton={renderPriceButton}
        renderQueueMenu={renderQueueMenu}
      />
    </section>
  );
}
