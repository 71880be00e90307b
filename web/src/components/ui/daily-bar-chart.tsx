import { formatDate } from '@beatroom/shared/format-dates';
import { useId } from 'react';

/** One day's bar: its YYYY-MM-DD date, the value the bar's height follows, and its tooltip. */
export interface DayBar {
  date: string;
  value: number;
  tooltip: string;
}

const BAR_WIDTH = 8;
const BAR_STEP = 10;
const HEIGHT = 100;
/** A day above zero never draws thinner than this, so a small day beside a big one still shows. */
const MIN_BAR = 2;

/** A YYYY-MM-DD day as a local calendar date, so the label names the same day in every time zone. */
export function dayLabel(date: string): string {
  return formatDate(`${date}T00:00:00`);
}

/** Bar heights in chart units: each value over the best day's. */
export function dayBarHeights(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((value) => (max > 0 && value > 0 ? Math.max(MIN_BAR, (value / max) * HEIGHT) : 0));
}

/**
 * One bar per day, drawn in SVG (no chart library): the earnings and listener charts. The
 * picture is one image to assistive technology, named by `title` and described by `summary`
 * in words; each bar's own title is the pointer's tooltip. `scale` labels the top (best day).
 */
export function DailyBarChart({
  title,
  summary,
  bars,
  scale,
}: {
  title: string;
  summary: string;
  bars: readonly DayBar[];
  scale: string;
}) {
  const id = useId();
  const heights = dayBarHeights(bars.map((bar) => bar.value));
  const first = bars[0];
  const last = bars.at(-1);

  return (
    <figure className="flex flex-col gap-2">
      <span aria-hidden="true" className="text-xs text-muted numeric">
        {scale}
      </span>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${Math.max(1, bars.length) * BAR_STEP} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full sm:h-48"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {bars.map((bar, index) => {
          const height = heights[index]!;
          const x = index * BAR_STEP + (BAR_STEP - BAR_WIDTH) / 2;
          return (
            <g key={bar.date}>
              <rect x={x} y={0} width={BAR_WIDTH} height={HEIGHT} rx={1.5} className="fill-fg/5" />
              <rect
                data-day={bar.date}
                x={x}
                y={HEIGHT - height}
                width={BAR_WIDTH}
                height={height}
                rx={1.5}
                className="fill-accent"
              >
                <title>{bar.tooltip}</title>
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
