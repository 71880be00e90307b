import type { ConnectionStatus } from '@beatroom/shared/community-constants';
import { UI } from '@beatroom/shared/limits';
import { Activity } from 'lucide-react';
import { PanelSection } from '../../../components/ui/panel-section';
import { useActivityFeedStore } from '../store/activity-feed-store';
import { ActivityItemRow, ActivitySkeletonRows } from './activity-item-row';
import { LiveMarker } from './live-marker';

export interface LiveActivityFeedProps {
  /** The realtime connection's status (app/ passes it in from the realtime feature). */
  status: ConnectionStatus;
  /** How many items show: 15 on home, 10 elsewhere. */
  limit?: number;
  title?: string;
  className?: string;
}

/**
 * The live activity feed: the realtime connection's feed, newest first, with a
 * Live/Offline marker. Shows skeleton rows until the first feed arrives while connecting.
 */
export function LiveActivityFeed({
  status,
  limit = UI.LIVE_FEED_DEFAULT,
  title = 'Live Activity',
  className = '',
}: LiveActivityFeedProps) {
  const items = useActivityFeedStore((state) => state.items);
  const received = useActivityFeedStore((state) => state.received);
  const loading = !received && items.length === 0 && status === 'connecting';

  return (
    <PanelSection
      title={title}
      Icon={Activity}
      actions={<LiveMarker status={status} />}
      className={className}
    >
      {loading ? (
        <div role="status" aria-label="Loading activity" className="mt-2">
          <ActivitySkeletonRows count={5} compact />
        </div>
      ) : items.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">No recent activity</p>
      ) : (
        <ul aria-label="Recent activity" className="mt-1 flex flex-col divide-y divide-line">
          {items.slice(0, limit).map((item) => (
            <ActivityItemRow key={item.id} item={item} compact />
          ))}
        </ul>
      )}
    </PanelSection>
  );
}
