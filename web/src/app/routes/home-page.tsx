import { Suspense } from 'react';
import { UI } from '@beatroom/shared/limits';
import { BeatCatalogue } from '../../features/catalogue/components/beat-catalogue';
import { HomeHero } from '../../features/home/components/home-hero';
import { useSession } from '../../features/session/hooks/use-session';
import { renderCardPlayButton, renderCardPriceButton, renderCardQueueMenu } from '../beat-slots';
import { lazyPage } from '../lazy-page';
import { openUpgradeDialog } from '../open-upgrade';
import { useLiveConnection } from '../realtime/live-connection';

// A member's dashboard parts: loaded once someone is signed in, never on a visitor's first load.
const LiveStatsTiles = lazyPage(
  () => import('../../features/live-stats/components/live-stats-tiles'),
  'LiveStatsTiles',
);
const AnalyticsCards = lazyPage(
  () => import('../../features/analytics/components/analytics-cards'),
  'AnalyticsCards',
);
const ListenersChart = lazyPage(
  () => import('../../features/analytics/components/listeners-chart'),
  'ListenersChart',
);
const LiveActivityFeed = lazyPage(
  () => import('../../features/activity/components/live-activity-feed'),
  'LiveActivityFeed',
);

/**
 * / — the hero, then the catalogue (filters, sort and the beat grid with id="beats"). Signed-in
 * users also get the live stats tiles above the catalogue, and their realtime analytics, the
 * listener chart (locked with Upgrade to Pro without a plan that has analytics) and the live
 * activity feed beside it on wide screens (below it on narrow ones), so the grid stays
 * the page's centre.
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
              <AnalyticsCards userId={user.id} />
              <ListenersChart userId={user.id} onUpgrade={openUpgradeDialog} />
              <LiveActivityFeed status={status} limit={UI.LIVE_FEED_HOME} />
            </Suspense>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
