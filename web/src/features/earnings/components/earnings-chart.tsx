import { formatAmount } from '@beatroom/shared/format-money';
import { DailyBarChart, dayBarHeights, dayLabel } from '../../../components/ui/daily-bar-chart';

/** One day of earnings: the last 30 days of GET /api/users/me/earnings, or the by-day chart's. */
interface Day {
  date: string;
  sales: number;
  net_cents: number;
}

function salesText(sales: number): string {
  return `${sales} ${sales === 1 ? 'sale' : 'sales'}`;
}

/** Bar heights in chart units: net earnings over the best day's. */
export function barHeights(days: readonly Day[]): number[] {
  return dayBarHeights(days.map((day) => day.net_cents));
}

/** What the chart shows, in words: the figure a screen reader reads instead of the bars. */
export function chartSummary(days: readonly Day[], currency: string, range = 'the last 30 days'): string {
  const net = days.reduce((sum, day) => sum + day.net_cents, 0);
  const sales = days.reduce((sum, day) => sum + day.sales, 0);
  if (sales === 0 && net === 0) return `No sales in ${range}.`;
  const best = days.reduce((top, day) => (day.net_cents > top.net_cents ? day : top), days[0]!);
  return `${formatAmount(net, currency)} net from ${salesText(sales)} in ${range}; best day ${dayLabel(best.date)} with ${formatAmount(best.net_cents, currency)}.`;
}

/**
 * Net earnings per day as bars (the page's last 30 days, and the by-day chart over a chosen
 * range); `range` is the number of days the title and summary name.
 */
export function EarningsChart({
  days,
  currency,
  range = 30,
}: {
  days: readonly Day[];
  currency: string;
  range?: number;
}) {
  const best = Math.max(0, ...days.map((day) => day.net_cents));
  return (
    <DailyBarChart
      title={`Net earnings, last ${range} days`}
      summary={chartSummary(days, currency, `the last ${range} days`)}
      scale={formatAmount(best, currency)}
      bars={days.map((day) => ({
        date: day.date,
        value: day.net_cents,
        tooltip: `${dayLabel(day.date)}: ${formatAmount(day.net_cents, currency)} from ${salesText(day.sales)}`,
      }))}
    />
  );
}
