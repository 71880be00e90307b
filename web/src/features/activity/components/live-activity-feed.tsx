import { UI } from '@beatroom/shared/constants';
import { Activity } from 'lucide-react';
import { useId } from 'react';
import { useRealtimeStatus } from '../../realtime/store/realtime-store';
import { useActivityFeedStore } from '../store/activity-feed-store';
import { ActivityItemRow, ActivitySkeletonRows } from './activity-item-row';
import { LiveMarker } from './live-marker';

export interface LiveActivityFeedProps {
  /** How many items show: 15 on home, 10 elsewhere (platform.md §9). */
  limit?: number;
  title?: string;
  className?: string;
}

/**
 * The live activity feed (platform.md §2): the realtime connection's feed, newest first, with a
 * Live/Offline marker. Shows skeleton rows until the first feed arrives while connecting.
 */
export function LiveActivityFeed({
  limit = UI.LIVE_FEED_DEFAULT,
  title = 'Live Activity',
  className = '',
}: LiveActivityFeedProps) {
  const status = useRealtimeStatus();
  const items = useActivityFeedStore((state) => state.items);
  const received = useActivityFeedStore((state) => state.received);
  const titleId = useId();
  const loading = !received && items.length === 0 && status === 'connecting';

  return (
    <section
      aria-labelledby={titleId}
      className={`flex flex-col rounded-3xl border border-line bg-surface/60 p-4 sm:p-5 ${className}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <Activity aria-hidden="true" className="size-5 text-accent" />
          {title}
        </h2>
        <LiveMarker status={status} />
      </div>
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
    </section>
  );
}
