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

/** A summary card of a form (order, promotion…): a named section holding a heading and its TotalsList. */
export function TotalsCard({
  label,
  heading = label,
  rows,
  total,
}: {
  /** Accessible name of the section. */
  label: string;
  /** The visible heading, when shorter than the section's name. */
  heading?: string;
  rows: TotalsRow[];
  total: TotalsRow;
}) {
  return (
    <section aria-label={label} className="rounded-2xl border border-line bg-fg/5 p-4">
      <h3 className="mb-2 text-sm font-semibold">{heading}</h3>
      <TotalsList rows={rows} total={total} />
    </section>
  );
}
