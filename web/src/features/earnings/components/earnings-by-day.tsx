import { CHART_RANGES, DEFAULT_CHART_RANGE } from '@beatroom/shared/analytics-charts-contract';
import { useQuery } from '@tanstack/react-query';
import { CalendarRange } from 'lucide-react';
import { useState } from 'react';
import { ChartRangeSelect } from '../../../components/ui/chart-range-select';
import { ErrorState } from '../../../components/ui/error-state';
import { LockedPanel } from '../../../components/ui/locked-panel';
import { PanelSection } from '../../../components/ui/panel-section';
import { isApiError } from '../../../lib/api-client';
import { earningsByDayQueryOptions } from '../api';
import { EarningsChart } from './earnings-chart';

/**
 * Earnings by day over 7, 30, 90 or 365 days: a plan with analytics_access unlocks
 * it; without, the server's 403 message shows in a locked panel with Upgrade to Pro, which
 * `onUpgrade` (app/) opens. The last 30 days above stay open to everyone.
 */
export function EarningsByDay({ userId, onUpgrade }: { userId: string; onUpgrade?: () => void }) {
  const [days, setDays] = useState<number>(DEFAULT_CHART_RANGE);
  const chart = useQuery(earningsByDayQueryOptions(userId, days));
  const lockedError = isApiError(chart.error, 403) ? chart.error : null;
  const locked = lockedError !== null;

  let body;
  if (lockedError) {
    body = (
      <LockedPanel title="Earnings by day is locked" message={lockedError.message} onUpgrade={onUpgrade} />
    );
  } else if (chart.isError) {
    body = (
      <ErrorState
        compact
        title="Could not load earnings by day"
        onRetry={() => void chart.refetch()}
        retrying={chart.isFetching}
      />
    );
  } else if (chart.isPending) {
    body = (
      <div
        role="status"
        aria-label="Loading earnings by day"
        className="h-48 animate-pulse rounded-2xl bg-fg/10"
      />
    );
  } else {
    body = <EarningsChart days={chart.data.days} currency={chart.data.currency} range={days} />;
  }

  return (
    <PanelSection
      title="Earnings by day"
      Icon={CalendarRange}
      actions={
        locked ? null : (
          <ChartRangeSelect
            ranges={CHART_RANGES}
            value={days}
            onChange={setDays}
            label="Earnings by day range"
          />
        )
      }
    >
      <div className="mt-4">{body}</div>
    </PanelSection>
  );
}
