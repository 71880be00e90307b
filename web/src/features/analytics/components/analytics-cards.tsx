import {
  currencySymbol,
  formatAverage,
  formatNumber,
  formatPrice,
  formatTimeAgo,
} from '@beatroom/shared/format';
import type { Analytics } from '@beatroom/shared/realtime-contract';
import { useQuery } from '@tanstack/react-query';
import {
  ChartLine,
  CircleAlert,
  DollarSign,
  Download,
  Headphones,
  Music,
  Star,
  TrendingDown,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { userAnalyticsQueryOptions } from '../api';
import { useChangedFields } from '../hooks/use-changed-fields';

type Field = keyof Omit<Analytics, 'lastUpdated'>;

const FIELDS: readonly Field[] = [
  'totalPlays',
  'totalDownloads',
  'totalFollowers',
  'totalBeats',
  'totalRevenue',
  'averageRating',
  'growthRate',
  'recentPlays',
  'recentDownloads',
];

/** Revenue is money earned, never "Free": zero reads $0.00. */
function formatRevenue(cents: number): string {
  return cents === 0 ? `${currencySymbol('USD')}0.00` : formatPrice(cents);
}

function formatGrowth(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

interface Card {
  field: Field;
  label: string;
  Icon: LucideIcon;
  value: (a: Analytics) => string;
  sub?: (a: Analytics) => string;
}

const CARDS: Card[] = [
  {
    field: 'totalPlays',
    label: 'Total Plays',
    Icon: Headphones,
    value: (a) => formatNumber(a.totalPlays),
    sub: (a) => `+${formatNumber(a.recentPlays)} last hour`,
  },
  {
    field: 'totalDownloads',
    label: 'Downloads',
    Icon: Download,
    value: (a) => formatNumber(a.totalDownloads),
    sub: (a) => `+${formatNumber(a.recentDownloads)} last hour`,
  },
  { field: 'totalFollowers', label: 'Followers', Icon: Users, value: (a) => formatNumber(a.totalFollowers) },
  { field: 'totalBeats', label: 'Beats', Icon: Music, value: (a) => formatNumber(a.totalBeats) },
  { field: 'totalRevenue', label: 'Revenue', Icon: DollarSign, value: (a) => formatRevenue(a.totalRevenue) },
  { field: 'averageRating', label: 'Avg Rating', Icon: Star, value: (a) => formatAverage(a.averageRating) },
];

/**
 * The signed-in producer's realtime analytics (platform.md §2 "Home"): loaded once, then kept
 * current by stats_updated pushes; a value that changed lights up for 1 s. A failure shows
 * Analytics Unavailable with Retry.
 */
export function AnalyticsCards({ userId, className = '' }: { userId: string; className?: string }) {
  const titleId = useId();
  const analytics = useQuery(userAnalyticsQueryOptions(userId));
  const data = analytics.data;
  const changed = useChangedFields(data, FIELDS);
  // A card also lights up when the number under it (last hour) moved.
  const lit = (card: Card) =>
    changed.has(card.field) ||
    (card.field === 'totalPlays' && changed.has('recentPlays')) ||
    (card.field === 'totalDownloads' && changed.has('recentDownloads'));

  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-3xl border border-line bg-surface/60 p-4 sm:p-5 ${className}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <ChartLine aria-hidden="true" className="size-5 text-accent" />
          Your Analytics
        </h2>
        {data ? (
          <span className="flex items-center gap-1 text-xs text-muted numeric">
            {data.growthRate < 0 ? (
              <TrendingDown aria-hidden="true" className="size-3.5 text-red-400" />
            ) : (
              <TrendingUp aria-hidden="true" className="size-3.5 text-emerald-400" />
            )}
            <span
              data-changed={changed.has('growthRate') ? '' : undefined}
              className={`font-semibold transition-colors duration-300 data-[changed]:text-accent ${data.growthRate < 0 ? 'text-red-400' : 'text-emerald-400'}`}
            >
              {formatGrowth(data.growthRate)}
            </span>
            <span>plays this week</span>
          </span>
        ) : null}
      </div>

      {analytics.isError && !data ? (
        <div
          role="alert"
          className="mt-4 flex flex-col items-center gap-1 rounded-2xl border border-line bg-fg/5 p-5 text-center"
        >
          <CircleAlert aria-hidden="true" className="mb-1 size-6 text-red-400" />
          <p className="font-semibold">Analytics Unavailable</p>
          <p className="text-sm text-muted">Failed to load analytics data</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => void analytics.refetch()}
            disabled={analytics.isFetching}
          >
            Retry
          </Button>
        </div>
      ) : (
        <>
          <dl aria-busy={analytics.isPending || undefined} className="mt-4 grid grid-cols-2 gap-2">
            {CARDS.map((card) => (
              <div
                key={card.field}
                data-changed={lit(card) ? '' : undefined}
                className="flex min-w-0 flex-col gap-0.5 rounded-2xl border border-line bg-fg/5 p-3 transition-[background-color,border-color,box-shadow] duration-300 data-[changed]:border-accent data-[changed]:bg-accent/20 data-[changed]:shadow-lg data-[changed]:shadow-accent/20"
              >
                <dt className="flex items-center gap-1.5 truncate text-xs font-medium text-muted">
                  <card.Icon aria-hidden="true" className="size-3.5 shrink-0" />
                  {card.label}
                </dt>
                <dd className="text-lg leading-tight font-bold numeric">
                  {data ? (
                    card.value(data)
                  ) : (
                    <span className="inline-block h-5 w-12 animate-pulse rounded bg-fg/10 align-middle" />
                  )}
                </dd>
                {card.sub && data ? (
                  <dd className="truncate text-[11px] text-muted numeric">{card.sub(data)}</dd>
                ) : null}
              </div>
            ))}
          </dl>
          {data ? (
            <p className="mt-3 text-right text-[11px] text-muted">
              Updated {formatTimeAgo(data.lastUpdated)}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
