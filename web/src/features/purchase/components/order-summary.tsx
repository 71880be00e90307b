import { formatAmount, formatPriceIn } from '@beatroom/shared/format-money';
import { PROCESSING_FEE_CENTS, type Currency } from '@beatroom/shared/money-constants';
import { TotalsList } from '../../../components/ui/totals-list';

/**
 * Subtotal, the processing fee and the total (money.md §2, §9: the fee is shown and is 0).
 * formatPrice calls zero "Free", which a fee is not: the fee is written out as an amount.
 */
export function OrderSummary({ priceCents, currency }: { priceCents: number; currency: Currency }) {
  const rows = [
    { label: 'Subtotal', value: formatPriceIn(priceCents, currency) },
    { label: 'Processing fee', value: formatAmount(PROCESSING_FEE_CENTS, currency) },
  ];
  return (
    <section aria-label="Order summary" className="rounded-2xl border border-line bg-fg/5 p-4">
      <h3 className="mb-2 text-sm font-semibold">Order summary</h3>
      <TotalsList
        rows={rows}
        total={{ label: 'Total', value: formatPriceIn(priceCents + PROCESSING_FEE_CENTS, currency) }}
      />
    </section>
  );
}
