import { useQuery } from '@tanstack/react-query';
import { ArrowUpCircle } from 'lucide-react';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { licensesQueryOptions } from '../api';
import { licensePriceLabel, licenseTitle } from '../license-labels';
import { usePurchaseDialog, type PurchaseBeat } from '../store/purchase-dialog-store';

/**
 * Beside Download on the beat page, for a buyer who holds a lower licence: the first higher one
 * still for sale, at the difference ('Upgrade to Premium, €20.05'); it opens the Purchase Beat
 * dialog with the upgrade cards. Nothing while the licences load or when there is nothing above.
 */
export function UpgradeLicenseButton({ beat, userId }: { beat: PurchaseBeat; userId: string }) {
  const currency = usePreferredCurrency();
  const openPurchase = usePurchaseDialog((state) => state.open);
  const licenses = useQuery(licensesQueryOptions(beat.id, userId));
  const upgrade = licenses.data?.find((l) => l.upgrade_from !== null && l.available);
  if (!upgrade) return null;
  const price = licensePriceLabel(upgrade, currency);
  return (
    <button
      type="button"
      onClick={() => openPurchase(beat)}
      className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-full border border-amber-300/40 bg-amber-300/10 px-5 text-sm font-bold whitespace-nowrap text-amber-300 transition-colors hover:bg-amber-300/20"
    >
      <ArrowUpCircle aria-hidden="true" className="size-4" />
      {licenseTitle(upgrade)}, {price}
    </button>
  );
}
