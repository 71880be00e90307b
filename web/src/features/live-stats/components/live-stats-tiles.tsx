import { formatNumber } from '@beatroom/shared/format';
import { useQuery } from '@tanstack/react-query';
import { Activity, Eye, EyeOff, Headphones, Radio, Users, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { liveStatsQueryOptions } from '../api';
import { useLiveStatsVisibility } from '../store/live-stats-visibility';

interface Tile {
  label: string;
  value: number | undefined;
  sub?: string;
  Icon: LucideIcon;
  tint: string;
  pending?: boolean;
}

function StatTile({ label, value, sub, Icon, tint, pending = false }: Tile) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-2xl border border-line bg-surface/60 p-3 sm:p-4">
      <span
        className={`hidden size-10 shrink-0 items-center justify-center rounded-xl sm:inline-flex ${tint}`}
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-xs font-medium text-muted">{label}</span>
        <span className="text-xl leading-tight font-bold numeric">
          {value === undefined && pending ? (
            <span
              aria-label="Loading"
              className="inline-block h-5 w-10 animate-pulse rounded bg-fg/10 align-middle"
            />
          ) : value === undefined ? (
            '–'
          ) : (
            formatNumber(value)
          )}
        </span>
        {sub ? <span className="truncate text-[11px] text-muted numeric">{sub}</span> : null}
      </span>
    </div>
  );
}

/**
 * Home's live stats tiles for signed-in users (platform.md §2): Online Users, Active Sessions,
 * Now Playing and Recent Activity, polled every 30 s, with a hide/show toggle remembered on
 * this device. A failed poll keeps the last numbers (failures are only logged).
 */
export function LiveStatsTiles() {
  const titleId = useId();
  const panelId = useId();
  const { hidden, toggle } = useLiveStatsVisibility();
  const stats = useQuery({ ...liveStatsQueryOptions(), enabled: !hidden });
  const data = stats.data;
  const pending = stats.isPending;

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
        <div id={panelId} className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
          <StatTile
            label="Online Users"
            value={data?.connectedUsers}
            pending={pending}
            Icon={Users}
            tint="bg-emerald-500/15 text-emerald-400"
          />
          <StatTile
            label="Active Sessions"
            value={data?.activeSessions}
            pending={pending}
            Icon={Radio}
            tint="bg-sky-500/15 text-sky-400"
          />
          <StatTile
            label="Now Playing"
            value={data?.totalPlaying}
            pending={pending}
            sub={data ? `${formatNumber(data.totalListening)} listening` : undefined}
            Icon={Headphones}
            tint="bg-violet-500/15 text-violet-400"
          />
          <StatTile
            label="Recent Activity"
            value={data?.recentActivities}
            pending={pending}
            sub="last hour"
            Icon={Activity}
            tint="bg-amber-500/15 text-amber-400"
          />
        </div>
      )}
    </section>
  );
}
