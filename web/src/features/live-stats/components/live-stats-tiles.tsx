import { formatNumber } from '@beatroom/shared/format-numbers';
import { useQuery } from '@tanstack/react-query';
import { Activity, ChevronDown, Headphones, Radio, Users, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { StatTile } from '../../../components/ui/stat-tile';
import { liveStatsQueryOptions } from '../api';
import { useLiveStatsVisibility } from '../store/live-stats-visibility';

interface Figure {
  label: string;
  value: string;
  sub?: string;
  Icon: LucideIcon;
  tint: string;
}

/**
 * Home's live stats for signed-in users: Online Users, Active Sessions, Now
 * Playing and Recent Activity, polled every 30 s and refreshed in between by the socket's
 * live_stats pushes (receiveLiveStats). They sit on one line by default, so the beats start in
 * the first screen; Show tiles opens the four tiles, and the choice is remembered on this
 * device. A failed poll keeps the last numbers (failures are only logged).
 */
export function LiveStatsTiles() {
  const titleId = useId();
  const panelId = useId();
  const { expanded, toggle } = useLiveStatsVisibility();
  const stats = useQuery(liveStatsQueryOptions());
  const data = stats.data;
  // Loading shows placeholders; a failed first poll shows dashes (failures are only logged).
  const pending = stats.isPending && !data;
  const figure = (value: number | undefined) => (value === undefined ? '–' : formatNumber(value));

  const figures: Figure[] = [
    {
      label: 'Online Users',
      value: figure(data?.connectedUsers),
      Icon: Users,
      tint: 'bg-emerald-500/15 text-emerald-400',
    },
    {
      label: 'Active Sessions',
      value: figure(data?.activeSessions),
      Icon: Radio,
      tint: 'bg-sky-500/15 text-sky-400',
    },
    {
      label: 'Now Playing',
      value: figure(data?.totalPlaying),
      sub: data ? `${formatNumber(data.totalListening)} listening` : undefined,
      Icon: Headphones,
      tint: 'bg-violet-500/15 text-violet-400',
    },
    {
      label: 'Recent Activity',
      value: figure(data?.recentActivities),
      sub: 'last hour',
      Icon: Activity,
      tint: 'bg-amber-500/15 text-amber-400',
    },
  ];

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex min-h-8 items-center gap-x-4 gap-y-1">
        <h2
          id={titleId}
          className="flex shrink-0 items-center gap-2 text-xs font-semibold tracking-wider text-muted uppercase"
        >
          <span
            aria-hidden="true"
            className="size-2 rounded-full bg-emerald-400 shadow-[0_0_8px] shadow-emerald-400"
          />
          <span className="sr-only sm:not-sr-only">Live on Beatroom</span>
        </h2>
        {expanded ? null : (
          // One line: it scrolls sideways on a phone rather than growing taller.
          <dl className="flex min-w-0 flex-1 items-center gap-x-4 overflow-x-auto text-sm whitespace-nowrap [scrollbar-width:none]">
            {figures.map(({ label, value, Icon }) => (
              <div key={label} className="flex items-center gap-1.5">
                <Icon aria-hidden="true" className="size-3.5 text-muted" />
                {/* On a phone the icon stands for the label, which stays for screen readers. */}
                <dt className="sr-only text-muted sm:not-sr-only">{label}</dt>
                <dd className={`font-semibold numeric ${pending ? 'text-muted' : ''}`}>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <button
          type="button"
          onClick={toggle}
          aria-expanded={expanded}
          aria-controls={panelId}
          className="ml-auto inline-flex h-8 shrink-0 items-center gap-1 rounded-full px-3 text-xs font-medium text-muted transition-colors hover:bg-fg/10 hover:text-fg"
        >
          {expanded ? 'Hide tiles' : 'Show tiles'}
          <ChevronDown
            aria-hidden="true"
            className={`size-3.5 transition-transform ${expanded ? 'rotate-180' : ''}`}
          />
        </button>
      </div>
      {expanded ? (
        <dl id={panelId} className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
          {figures.map(({ label, value, sub, Icon, tint }) => (
            <StatTile
              key={label}
              label={label}
              value={value}
              sub={sub}
              pending={pending}
              Icon={Icon}
              tint={tint}
            />
          ))}
        </dl>
      ) : null}
    </section>
  );
}
