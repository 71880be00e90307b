import { formatDate } from '@beatroom/shared/format-dates';
import { formatAmount } from '@beatroom/shared/format-money';
import type { EarningsResponse } from '@beatroom/shared/money-contract';
import { useId } from 'react';

type Day = EarningsResponse['last_30_days'][number];

const BAR_WIDTH = 8;
const BAR_STEP = 10;
const HEIGHT = 100;
/** A day with sales never draws thinner than this, so a small sale beside a big one still shows. */
const MIN_BAR = 2;

/** A YYYY-MM-DD day as a local calendar date, so the label names the same day in every time zone. */
function dayLabel(date: string): string {
  return formatDate(`${date}T00:00:00`);
}

function salesText(sales: number): string {
  return `${sales} ${sales === 1 ? 'sale' : 'sales'}`;
}

/** Bar heights in chart units: net earnings over the best day's. */
export function barHeights(days: readonly Day[]): number[] {
  const max = Math.max(0, ...days.map((day) => day.net_cents));
  return days.map((day) =>
    max > 0 && day.net_cents > 0 ? Math.max(MIN_BAR, (day.net_cents / max) * HEIGHT) : 0,
  );
}

/** What the chart shows, in words: the figure a screen reader reads instead of the bars. */
export function chartSummary(days: readonly Day[], currency: string): string {
  const net = days.reduce((sum, day) => sum + day.net_cents, 0);
  const sales = days.reduce((sum, day) => sum + day.sales, 0);
  if (sales === 0 && net === 0) return 'No sales in the last 30 days.';
  const best = days.reduce((top, day) => (day.net_cents > top.net_cents ? day : top), days[0]!);
  return `${formatAmount(net, currency)} net from ${salesText(sales)} in the last 30 days; best day ${dayLabel(best.date)} with ${formatAmount(best.net_cents, currency)}.`;
}

/**
 * Net earnings per day over the last 30 days, as bars drawn in SVG (no chart library). The
 * picture is one image to assistive technology, named and described in words; each bar's own
 * title is the pointer's tooltip.
 */
export function EarningsChart({ days, currency }: { days: readonly Day[]; currency: string }) {
  const id = useId();
  const heights = barHeights(days);
  const best = Math.max(0, ...days.map((day) => day.net_cents));
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure className="flex flex-col gap-2">
      {/* The scale: the top of the chart is the best day. */}
      <span aria-hidden="true" className="text-xs text-muted numeric">
        {formatAmount(best, currency)}
      </span>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${days.length * BAR_STEP} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full sm:h-48"
      >
        <title id={`${id}-title`}>Net earnings, last 30 days</title>
        <desc id={`${id}-desc`}>{chartSummary(days, currency)}</desc>
        {days.map((day, index) => {
          const height = heights[index]!;
          const x = index * BAR_STEP + (BAR_STEP - BAR_WIDTH) / 2;
          return (
            <g key={day.date}>
              <rect x={x} y={0} width={BAR_WIDTH} height={HEIGHT} rx={1.5} className="fill-fg/5" />
              <rect
                data-day={day.date}
                x={x}
                y={HEIGHT - height}
                width={BAR_WIDTH}
                height={height}
                rx={1.5}
                className="fill-accent"
              >
                <title>{`${dayLabel(day.date)}: ${formatAmount(day.net_cents, currency)} from ${salesText(day.sales)}`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      {first && last ? (
        <figcaption aria-hidden="true" className="flex justify-between text-xs text-muted">
          <span>{dayLabel(first.date)}</span>
          <span>{dayLabel(last.date)}</span>
        </figcaption>
      ) : null}
    </figure>
  );
}
