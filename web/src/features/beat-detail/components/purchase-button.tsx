import type { BeatDetail } from '@beatroom/shared/beats-contract';
import { formatPriceIn } from '@beatroom/shared/format';
import type { Currency } from '@beatroom/shared/money-constants';
import { Download, ShoppingCart } from 'lucide-react';

/** What the buy button says: Download for what one may already have, else Free or the price. */
export function purchaseLabel(beat: BeatDetail, currency: Currency, isOwner: boolean): string {
  if (isOwner) return 'Download';
  return formatPriceIn(beat.is_free ? 0 : beat.price_cents, currency);
}

/** The Free / price / Download button at the end of the beat's player. */
export function PurchaseButton({
  beat,
  currency,
  isOwner,
}: {
  beat: BeatDetail;
  currency: Currency;
  isOwner: boolean;
}) {
  const label = purchaseLabel(beat, currency, isOwner);
  const Icon = label === 'Download' || label === 'Free' ? Download : ShoppingCart;
  return (
    <div className="flex flex-col items-end gap-1">
      {/* Checkout and downloads belong to the money features; nothing is sold or faked here. */}
      <button
        type="button"
        disabled
        aria-describedby={`purchase-note-${beat.id}`}
        className="inline-flex h-10 cursor-not-allowed items-center gap-2 rounded-full bg-emerald-500/90 px-5 text-sm font-bold text-black opacity-70 numeric"
      >
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </button>
      <span id={`purchase-note-${beat.id}`} className="text-xs text-muted">
        Licences and downloads open soon
      </span>
    </div>
  );
}
