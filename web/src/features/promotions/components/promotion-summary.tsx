import { formatAmount, formatCredits, formatPriceIn } from '@beatroom/shared/format-money';
import type { Currency } from '@beatroom/shared/money-constants';
import type { PromotionOption } from '@beatroom/shared/promotions-contract';
import { TotalsCard } from '../../../components/ui/totals-list';
import type { PayWith } from './promotion-payment-choice';

/**
 * What is about to be bought: the beat, the option, its duration, the included slot or the
 * subscriber's discount, and the total in credits, in money, or 0 on an included slot.
 */
export function PromotionSummary({
  beatTitle,
  chosen,
  included,
  discount,
  payWith,
  currency,
}: {
  beatTitle: string;
  chosen: PromotionOption;
  included: boolean;
  discount: number;
  payWith: PayWith;
  currency: Currency;
}) {
  return (
    <TotalsCard
      label="Promotion summary"
      heading="Summary"
      rows={[
        { label: 'Beat', value: beatTitle },
        { label: 'Promotion', value: chosen.name },
        { label: 'Duration', value: `${chosen.duration_days} days` },
        ...(included
          ? [
              {
                label: 'Included featured slot',
                value: `${chosen.included_slots_left} of ${chosen.included_slots_per_month} left this month`,
              },
            ]
          : discount > 0
            ? [{ label: 'Subscriber discount', value: `-${discount}%` }]
            : []),
      ]}
      total={{
        label: 'Total',
        value: included
          ? `${formatAmount(0, currency)} (0 credits)`
          : payWith === 'credits'
            ? `${formatCredits(chosen.credits)} credits`
            : formatPriceIn(chosen.price_cents, currency),
      }}
    />
  );
}
