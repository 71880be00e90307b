/** One line of a money summary: a label and its already formatted amount. */
export interface TotalsRow {
  label: string;
  value: string;
}

/**
 * A summary of amounts (subtotal, fees, discounts…) ending in a bold total line, as a
 * description list so each amount is read with its label.
 */
export function TotalsList({
  rows,
  total,
  label,
}: {
  rows: TotalsRow[];
  /** The bold last line, e.g. `{ label: 'Total', value: '$25.00' }`. */
  total: TotalsRow;
  /** Accessible name of the list, when the surrounding section does not name it. */
  label?: string;
}) {
  return (
    <dl aria-label={label} className="flex flex-col gap-1.5 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between gap-4 text-muted">
          <dt>{row.label}</dt>
          <dd className="numeric">{row.value}</dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between gap-4 border-t border-line pt-2 text-base font-bold">
        <dt>{total.label}</dt>
        <dd className="numeric">{total.value}</dd>
      </div>
    </dl>
  );
}
