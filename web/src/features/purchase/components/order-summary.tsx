import { formatAmount, formatPriceIn } from '@beatroom/shared/format-money';
import { PROCESSING_FEE_CENTS, type Currency } from '@beatroom/shared/money-constants';
import { TotalsCard } from '../../../components/ui/totals-list';

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
    <TotalsCard
      label="Order summary"
      rows={rows}
      total={{ label: 'Total', value: formatPriceIn(priceCents + PROCESSING_FEE_CENTS, currency) }}
    />
  );
}
