import { formatAmount, formatPrice } from '@beatroom/shared/format-money';
import { CHARGE_CURRENCY, formatCharged } from '@beatroom/shared/list-price';
import { PROCESSING_FEE_CENTS, type Currency } from '@beatroom/shared/money-constants';
import { TotalsCard } from '../../../components/ui/totals-list';

/**
 * Subtotal, the processing fee and the total (the fee is shown and is 0).
 * formatPrice calls zero "Free", which a fee is not: the fee is written out as an amount.
 * `displayCents` is the price in the viewer's currency (exact when the beat was listed in it);
 * payments are charged in USD, so a viewer of another currency also sees what is charged.
 */
export function OrderSummary({
  priceCents,
  displayCents,
  currency,
}: {
  /** What is charged, USD cents. */
  priceCents: number;
  displayCents: number;
  currency: Currency;
}) {
  const rows = [
    { label: 'Subtotal', value: formatPrice(displayCents, currency) },
    { label: 'Processing fee', value: formatAmount(PROCESSING_FEE_CENTS, currency) },
  ];
  if (currency !== CHARGE_CURRENCY) {
    rows.push({
      label: `Charged in ${CHARGE_CURRENCY}`,
      value: formatCharged(priceCents + PROCESSING_FEE_CENTS, CHARGE_CURRENCY),
    });
  }
  return (
    <TotalsCard
      label="Order summary"
      rows={rows}
      total={{ label: 'Total', value: formatPrice(displayCents + PROCESSING_FEE_CENTS, currency) }}
    />
  );
}
