import { formatNumber } from '@beatroom/shared/format-numbers';
import { useQuery } from '@tanstack/react-query';
import { Activity, Eye, EyeOff, Headphones, Radio, Users } from 'lucide-react';
import { useId } from 'react';
import { StatTile } from '../../../components/ui/stat-tile';
import { liveStatsQueryOptions } from '../api';
import { useLiveStatsVisibility } from '../store/live-stats-visibility';

/**
 * Home's live stats tiles for signed-in users (platform.md §2): Online Users, Active Sessions,
 * Now Playing and Recent Activity, polled every 30 s and refreshed in between by the socket's
 * live_stats pushes (receiveLiveStats), with a hide/show toggle remembered on this device. A
 * failed poll keeps the last numbers (failures are only logged).
 */
export function LiveStatsTiles() {
  const titleId = useId();
  const panelId = useId();
  const { hidden, toggle } = useLiveStatsVisibility();
  const stats = useQuery({ ...liveStatsQueryOptions(), enabled: !hidden });
  const data = stats.data;
  // Loading shows placeholders; a failed first poll shows dashes (failures are only logged).
  const pending = stats.isPending && !data;
  const figure = (value: number | undefined) => (value === undefined ? '–' : formatNumber(value));

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2
          id={titleId}
          className="flex items-center gap-2 text-sm font-semibold tracking-wider text-muted uppercase"
        >
          <span
            aria-hidden="true"
            className="size-2 rounded-full bg-emerald-400 shadow-[0_0_8px] shadow-emerald-400"
          />
          Live on Beatroom
        </h2>
        <button
          type="button"
          onClick={toggle}
          aria-expanded={!hidden}
          aria-controls={panelId}
          className="inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-xs font-medium text-muted transition-colors hover:bg-fg/10 hover:text-fg"
        >
          {hidden ? (
            <Eye aria-hidden="true" className="size-3.5" />
          ) : (
            <EyeOff aria-hidden="true" className="size-3.5" />
          )}
          {hidden ? 'Show live stats' : 'Hide live stats'}
        </button>
      </div>
      {hidden ? null : (
        <dl id={panelId} className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
          <StatTile
            label="Online Users"
            value={figure(data?.connectedUsers)}
            pending={pending}
            Icon={Users}
            tint="bg-emerald-500/15 text-emerald-400"
          />
          <StatTile
            label="Active Sessions"
            value={figure(data?.activeSessions)}
            pending={pending}
            Icon={Radio}
            tint="bg-sky-500/15 text-sky-400"
          />
          <StatTile
            label="Now Playing"
            value={figure(data?.totalPlaying)}
            pending={pending}
            sub={data ? `${formatNumber(data.totalListening)} listening` : undefined}
            Icon={Headphones}
            tint="bg-violet-500/15 text-violet-400"
          />
          <StatTile
            label="Recent Activity"
            value={figure(data?.recentActivities)}
            pending={pending}
            sub="last hour"
            Icon={Activity}
            tint="bg-amber-500/15 text-amber-400"
          />
        </dl>
      )}
    </section>
  );
}
