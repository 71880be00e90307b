import type { Currency } from '@beatroom/shared/money-constants';
import { formatBeatPrice, type ListedPrice } from '@beatroom/shared/list-price';

/**
 * A beat's price as text in the viewer's currency (exactly as typed for the currency it was
 * typed in), Free in green and a price in amber wherever a beat is listed; `className` sets the
 * size and weight.
 */
export function BeatPrice({
  beat,
  currency,
  className = '',
}: {
  beat: ListedPrice & { is_free?: boolean };
  currency: Currency;
  className?: string;
}) {
  const price = formatBeatPrice(beat, currency);
  return (
    <span className={`numeric ${price === 'Free' ? 'text-emerald-400' : 'text-amber-300'} ${className}`}>
      {price}
    </span>
  );
}
