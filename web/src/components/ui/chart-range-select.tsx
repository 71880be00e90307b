/**
 * The days a chart covers (7, 30, 90, 365 …) as a small select, for the panel's header.
 * `label` names it for screen readers (two charts on one page must differ).
 */
export function ChartRangeSelect({
  ranges,
  value,
  onChange,
  label,
}: {
  ranges: readonly number[];
  value: number;
  onChange: (days: number) => void;
  label: string;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      className="h-9 rounded-xl border border-line bg-surface/80 px-3 text-sm text-fg transition-colors hover:border-fg/25 focus:border-accent focus:outline-none"
    >
      {ranges.map((days) => (
        <option key={days} value={days}>
          Last {days} days
        </option>
      ))}
    </select>
  );
}
