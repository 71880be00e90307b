import { UI } from '@beatroom/shared/limits';
import { LiveActivityFeed } from '../../features/activity/components/live-activity-feed';
import { AnalyticsCards } from '../../features/analytics/components/analytics-cards';
import { BeatCatalogue } from '../../features/catalogue/components/beat-catalogue';
import { HomeHero } from '../../features/home/components/home-hero';
import { LiveStatsTiles } from '../../features/live-stats/components/live-stats-tiles';
import { useSession } from '../../features/session/hooks/use-session';
import { renderCardPlayButton, renderCardPriceButton } from '../beat-slots';
import { useLiveConnection } from '../realtime/live-connection';

/**
 * / — the hero, then the catalogue (filters, sort and the beat grid with id="beats"). Signed-in
 * users also get the live stats tiles above the catalogue, and their realtime analytics and the
 * live activity feed beside it on wide screens (below it on narrow ones), so the grid stays
 * the page's centre.
 */
export function HomePage() {
  const { user } = useSession();
  const { status } = useLiveConnection();
  return (
    <div className="flex flex-col gap-6 sm:gap-8">
      <HomeHero />
      {user ? <LiveStatsTiles /> : null}
      {/* The catalogue keeps its place in the tree when the session arrives: no remount. */}
      <div
        className={
          user
            ? 'grid gap-10 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start 2xl:grid-cols-[minmax(0,1fr)_22rem]'
            : 'flex flex-col'
        }
      >
        <BeatCatalogue renderPlayButton={renderCardPlayButton} renderPriceButton={renderCardPriceButton} />
        {user ? (
          <aside aria-label="Your dashboard" className="flex flex-col gap-6">
            <AnalyticsCards userId={user.id} />
            <LiveActivityFeed status={status} limit={UI.LIVE_FEED_HOME} />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
