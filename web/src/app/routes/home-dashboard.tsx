import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { ConnectionStatus } from '@beatroom/shared/community-constants';
import { UI } from '@beatroom/shared/limits';
import { useQuery } from '@tanstack/react-query';
import { LiveActivityFeed } from '../../features/activity/components/live-activity-feed';
import { userAnalyticsQueryOptions } from '../../features/analytics/api';
import { AnalyticsCards } from '../../features/analytics/components/analytics-cards';
import { ListenersChart } from '../../features/analytics/components/listeners-chart';
import { useAnalyticsAccess } from '../../features/subscriptions/hooks/use-analytics-access';
import { openUpgradeDialog } from '../open-upgrade';

/**
 * Home's column beside the catalogue for a signed-in user. "Your Analytics" and the listener chart
 * are a producer's: they show once the user has beats (a fan saw Revenue $0.00 and an Upgrade
 * lock about music they never uploaded). The listener chart is asked for only when the plan
 * includes analytics, so a locked panel never costs a 403. The live activity feed is for all.
 */
export function HomeDashboard({ user, status }: { user: SessionUser; status: ConnectionStatus }) {
  // The same query the analytics cards show: asked once, it says whether there are beats.
  const analytics = useQuery(userAnalyticsQueryOptions(user.id));
  const producer = (analytics.data?.totalBeats ?? 0) > 0 || analytics.isError;
  return (
    <>
      {producer ? <ProducerPanels userId={user.id} /> : null}
      <LiveActivityFeed status={status} limit={UI.LIVE_FEED_HOME} />
    </>
  );
}

function ProducerPanels({ userId }: { userId: string }) {
  const access = useAnalyticsAccess(userId);
  return (
    <>
      <AnalyticsCards userId={userId} />
      <ListenersChart userId={userId} access={access} onUpgrade={openUpgradeDialog} />
    </>
  );
}
