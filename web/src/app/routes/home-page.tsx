import { Suspense } from 'react';
import { BeatCatalogue } from '../../features/catalogue/components/beat-catalogue';
import { HomeHero } from '../../features/home/components/home-hero';
import { useSession } from '../../features/session/hooks/use-session';
import { renderCardPlayButton, renderCardPriceButton, renderCardQueueMenu } from '../beat-slots';
import { lazyPage } from '../lazy-page';
import { useLiveConnection } from '../realtime/live-connection';

// A member's dashboard parts: loaded once someone is signed in, never on a visitor's first load.
const LiveStatsTiles = lazyPage(
  () => import('../../features/live-stats/components/live-stats-tiles'),
  'LiveStatsTiles',
);
// Signed in: the column beside the catalogue (analytics for producers, the live feed).
const HomeDashboard = lazyPage(() => import('./home-dashboard'), 'HomeDashboard');

/**
 * / — the hero, then the catalogue (filters, sort and the beat grid with id="beats"). Signed-in
 * users also get the live stats on one line above the catalogue, and beside it on wide screens
 * (below it on narrow ones) the live activity feed and, once they have beats, their realtime
 * analytics and listener chart (home-dashboard.tsx), so the beats stay the page's centre and
 * start in the first screen.
 */
export function HomePage() {
  const { user } = useSession();
  const { status } = useLiveConnection();
  return (
    <div className="flex flex-col gap-6 sm:gap-8">
      <HomeHero />
      {user ? (
        <Suspense fallback={null}>
          <LiveStatsTiles />
        </Suspense>
      ) : null}
      {/* The catalogue keeps its place in the tree when the session arrives: no remount. */}
      <div
        className={
          user
            ? 'grid gap-10 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start 2xl:grid-cols-[minmax(0,1fr)_22rem]'
            : 'flex flex-col'
        }
      >
        <BeatCatalogue
          renderPlayButton={renderCardPlayButton}
          renderPriceButton={renderCardPriceButton}
          renderQueueMenu={renderCardQueueMenu}
        />
        {user ? (
          <aside aria-label="Your dashboard" className="flex flex-col gap-6">
            <Suspense fallback={null}>
              <HomeDashboard user={user} status={status} />
            </Suspense>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
