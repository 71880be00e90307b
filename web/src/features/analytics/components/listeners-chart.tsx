import {
  CHART_RANGES,
  DEFAULT_CHART_RANGE,
  type ListenerChartResponse,
} from '@beatroom/shared/analytics-charts-contract';
import { formatNumber } from '@beatroom/shared/format-numbers';
import { useQuery } from '@tanstack/react-query';
import { AudioLines } from 'lucide-react';
import { useState } from 'react';
import { ChartRangeSelect } from '../../../components/ui/chart-range-select';
import { DailyBarChart, dayLabel } from '../../../components/ui/daily-bar-chart';
import { ErrorState } from '../../../components/ui/error-state';
import { LockedPanel } from '../../../components/ui/locked-panel';
import { PanelSection } from '../../../components/ui/panel-section';
import { isApiError } from '../../../lib/api-client';
import { listenerChartQueryOptions } from '../api';

type Day = ListenerChartResponse['days'][number];

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * The chart in words. Listeners are distinct per day, so they are not summed over the range
 * (one person on three days is not three listeners): the busiest day names its own.
 */
export function listenersSummary(days: readonly Day[], range: number): string {
  const plays = days.reduce((sum, day) => sum + day.plays, 0);
  if (plays === 0) return `No plays in the last ${range} days.`;
  const best = days.reduce((top, day) => (day.listeners > top.listeners ? day : top), days[0]!);
  return `${count(plays, 'play', 'plays')} in the last ${range} days; busiest day ${dayLabel(best.date)} with ${count(best.listeners, 'listener', 'listeners')}.`;
}

/**
 * Listeners per day of the owner's beats over 7, 30, 90 or 365 days (issue 10): a plan with
 * analytics_access unlocks it; without, the server's 403 message shows in a locked panel with
 * Upgrade to Pro, which `onUpgrade` (app/) opens. The analytics cards stay open to everyone.
 */
export function ListenersChart({ userId, onUpgrade }: { userId: string; onUpgrade?: () => void }) {
  const [range, setRange] = useState<number>(DEFAULT_CHART_RANGE);
  const chart = useQuery(listenerChartQueryOptions(userId, range));
  const lockedError = isApiError(chart.error, 403) ? chart.error : null;

  let body;
  if (lockedError) {
    body = (
      <LockedPanel title="Listener chart is locked" message={lockedError.message} onUpgrade={onUpgrade} />
    );
  } else if (chart.isError) {
    body = (
      <ErrorState
        compact
        title="Could not load listeners"
        onRetry={() => void chart.refetch()}
        retrying={chart.isFetching}
      />
    );
  } else if (chart.isPending) {
    body = (
      <div role="status" aria-label="Loading listeners" className="h-48 animate-pulse rounded-2xl bg-fg/10" />
    );
  } else {
    const days = chart.data.days;
    body = (
      <DailyBarChart
        title={`Listeners per day, last ${range} days`}
        summary={listenersSummary(days, range)}
        scale={count(Math.max(0, ...days.map((day) => day.listeners)), 'listener', 'listeners')}
        bars={days.map((day) => ({
          date: day.date,
          value: day.listeners,
          tooltip: `${dayLabel(day.date)}: ${count(day.listeners, 'listener', 'listeners')}, ${count(day.plays, 'play', 'plays')}`,
        }))}
      />
    );
  }

  return (
    <PanelSection
      title="Listeners"
      Icon={AudioLines}
      actions={
        lockedError ? null : (
          <ChartRangeSelect ranges={CHART_RANGES} value={range} onChange={setRange} label="Listeners range" />
        )
      }
    >
      <div className="mt-4">{body}</div>
    </PanelSection>
  );
}
