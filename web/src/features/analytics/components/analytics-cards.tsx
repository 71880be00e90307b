import { formatTimeAgo } from '@beatroom/shared/format-dates';
import { currencySymbol, formatPrice } from '@beatroom/shared/format-money';
import { formatAverage, formatNumber } from '@beatroom/shared/format-numbers';
import type { Analytics } from '@beatroom/shared/realtime-objects-contract';
import { useQuery } from '@tanstack/react-query';
import {
  ChartLine,
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
import { ErrorState } from '../../../components/ui/error-state';
import { PanelSection } from '../../../components/ui/panel-section';
import { StatTile } from '../../../components/ui/stat-tile';
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

/**
 * Revenue is money earned, never "Free": zero reads $0.00. Like the earnings page it stays in
 * the currency it was earned in (USD), not the viewer's preferredCurrency: earned amounts must
 * match payouts and invoices to the cent.
 */
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
 * The signed-in producer's realtime analytics: loaded once, then kept
 * current by stats_updated pushes; a value that changed lights up for 1 s. A failure shows
 * Analytics Unavailable with Retry.
 */
export function AnalyticsCards({ userId, className = '' }: { userId: string; className?: string }) {
  const analytics = useQuery(userAnalyticsQueryOptions(userId));
  const data = analytics.data;
  const changed = useChangedFields(data, FIELDS);
  // A card also lights up when the number under it (last hour) moved.
  const lit = (card: Card) =>
    changed.has(card.field) ||
    (card.field === 'totalPlays' && changed.has('recentPlays')) ||
    (card.field === 'totalDownloads' && changed.has('recentDownloads'));

  const growth = data ? (
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
  ) : null;

  return (
    <PanelSection title="Your Analytics" Icon={ChartLine} actions={growth} className={className}>
      {analytics.isError && !data ? (
        <div className="mt-4">
          <ErrorState
            compact
            title="Analytics Unavailable"
            message="Failed to load analytics data"
            retryLabel="Retry"
            onRetry={() => void analytics.refetch()}
            retrying={analytics.isFetching}
          />
        </div>
      ) : (
        <>
          <dl aria-busy={analytics.isPending || undefined} className="mt-4 grid grid-cols-2 gap-2">
            {CARDS.map((card) => (
              <StatTile
                key={card.field}
                label={card.label}
                Icon={card.Icon}
                value={data ? card.value(data) : null}
                sub={card.sub && data ? card.sub(data) : undefined}
                pending={!data}
                changed={lit(card)}
              />
            ))}
          </dl>
          {data ? (
            <p className="mt-3 text-right text-[11px] text-muted">
              Updated {formatTimeAgo(data.lastUpdated)}
            </p>
          ) : null}
        </>
      )}
    </PanelSection>
  );
}
