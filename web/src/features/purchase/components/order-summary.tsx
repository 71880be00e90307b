import { currencySymbol, formatPriceIn } from '@beatroom/shared/format-money';
import { PROCESSING_FEE_CENTS, type Currency } from '@beatroom/shared/money-constants';

/**
 * Subtotal, the processing fee and the total (money.md §2, §9: the fee is shown and is 0).
 * formatPrice calls zero "Free", which a fee is not: the fee is written out as an amount.
 */
export function OrderSummary({ priceCents, currency }: { priceCents: number; currency: Currency }) {
  const fee = `${currencySymbol(currency)}${(PROCESSING_FEE_CENTS / 100).toFixed(2)}`;
  const rows = [
    { label: 'Subtotal', value: formatPriceIn(priceCents, currency) },
    { label: 'Processing fee', value: fee },
  ];
  return (
    <section aria-label="Order summary" className="rounded-2xl border border-line bg-fg/5 p-4">
      <h3 className="mb-2 text-sm font-semibold">Order summary</h3>
      <dl className="flex flex-col gap-1.5 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4 text-muted">
            <dt>{row.label}</dt>
            <dd className="numeric">{row.value}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-4 border-t border-line pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd className="numeric">{formatPriceIn(priceCents + PROCESSING_FEE_CENTS, currency)}</dd>
        </div>
      </dl>
    </section>
  );
}
