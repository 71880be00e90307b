import {
  ANALYTICS_LOCKED,
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
 * Listeners per day of the owner's beats over 7, 30, 90 or 365 days: a plan with
 * analytics_access unlocks it; without, a locked panel says so with Upgrade to Pro, which
 * `onUpgrade` (app/) opens. `access` is the plan's answer (subscriptions, through app/; undefined
 * while it loads): the chart is asked for only when it is true, so a locked panel never costs a
 * 403. A 403 that comes anyway (the plan changed meanwhile) shows the same panel.
 */
export function ListenersChart({
  userId,
  access,
  onUpgrade,
}: {
  userId: string;
  access: boolean | undefined;
  onUpgrade?: () => void;
}) {
  const [range, setRange] = useState<number>(DEFAULT_CHART_RANGE);
  const chart = useQuery({ ...listenerChartQueryOptions(userId, range), enabled: access === true });
  const lockedMessage =
    access === false ? ANALYTICS_LOCKED : isApiError(chart.error, 403) ? chart.error.message : null;

  let body;
  if (lockedMessage) {
    body = <LockedPanel title="Listener chart is locked" message={lockedMessage} onUpgrade={onUpgrade} />;
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
        lockedMessage ? null : (
          <ChartRangeSelect ranges={CHART_RANGES} value={range} onChange={setRange} label="Listeners range" />
        )
      }
    >
      <div className="mt-4">{body}</div>
    </PanelSection>
  );
}
