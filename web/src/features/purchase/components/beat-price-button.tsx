import type { Beat } from '@beatroom/shared/beats-contract';
import { formatBeatPrice, type ListedPrice } from '@beatroom/shared/list-price';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Download, LoaderCircle, ShoppingCart } from 'lucide-react';
import { MenuButton } from '../../../components/ui/menu-button';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { useSession } from '../../session/hooks/use-session';
import { downloadStatusQueryOptions } from '../api';
import { useDownloadBeat } from '../hooks/use-download-beat';
import { usePurchaseDialog, type PurchaseBeat } from '../store/purchase-dialog-store';

// Only a licence holder on a beat page sees it: not part of the cards' first load.
const UpgradeLicenseButton = lazy(() =>
  import('./upgrade-license-button').then((m) => ({ default: m.UpgradeLicenseButton })),
);

/**
 * The beat fields the button decides with, taken from the beat's contract: its owner, whether
 * it is free, its listed price, and (when the list says) whether it was sold exclusively, which
 * leaves downloads to the buyer and the producer.
 */
export type PricedBeat = PurchaseBeat &
  ListedPrice &
  Pick<Beat, 'user_id' | 'is_free'> &
  Partial<Pick<Beat, 'sold_exclusively'>>;

const VARIANTS = {
  /** Beside the title on a beat card. */
  card: 'h-7 gap-1 px-2.5 text-sm',
  /** At the end of a track-list row. */
  row: 'h-8 gap-1.5 px-3 text-sm',
  /** At the end of the beat page's player. */
  page: 'h-10 gap-2 px-5 text-sm',
} as const;

/**
 * Where buying starts: the price opens the Purchase Beat dialog,
 * a free beat shows Free and downloads at once, the owner sees Download. On the beat page the
 * price runs the download flow instead, which opens the dialog when payment is
 * required and downloads once the purchase completes; a buyer who holds a licence sees Download,
 * a menu of formats ("Download WAV", "Download MP3") when the licence gives more than one.
 */
export function BeatPriceButton({ beat, variant }: { beat: PricedBeat; variant: keyof typeof VARIANTS }) {
  const { user } = useSession();
  const currency = usePreferredCurrency();
  const openPurchase = usePurchaseDialog((state) => state.open);
  const { download, downloadingId } = useDownloadBeat();
  const isOwner = user?.id === beat.user_id;
  const isFree = beat.is_free || beat.price_cents <= 0;
  const status = useQuery({
    ...downloadStatusQueryOptions(user?.id ?? '', beat.id),
    // The owner too, on the page: the producer may take any format of their master.
    enabled: variant === 'page' && Boolean(user) && (isOwner || !isFree || Boolean(beat.sold_exclusively)),
  });
  const holdsLicense = status.data?.canDownload === true;
  const busy = downloadingId === beat.id;

  if (beat.sold_exclusively && !isOwner && !holdsLicense) {
    // Nothing left to buy; the exclusive buyer learns they hold it once the status arrives.
    return (
      <span
        className={`inline-flex shrink-0 items-center justify-center rounded-full border border-white/15 font-semibold whitespace-nowrap text-white/70 ${VARIANTS[variant]}`}
      >
        Sold exclusively
      </span>
    );
  }

  // A full beat (its page) carries the list price, shown exactly in its own currency; a card
  // has the USD price only, converted.
  const price = formatBeatPrice({ ...beat, is_free: isFree }, currency);
  const downloads = isOwner || isFree || holdsLicense;
  // The caller's licence was refunded: the page offers to buy it again.
  const buyAgain = !downloads && status.data?.reason === 'refunded';
  const label = isOwner || holdsLicense ? 'Download' : buyAgain ? `Buy again · ${price}` : price;
  const name =
    isOwner || holdsLicense
      ? `Download ${beat.title}`
      : isFree
        ? `Free: download ${beat.title}`
        : buyAgain
          ? `Buy ${beat.title} again, ${price}`
          : `Buy ${beat.title}, ${price}`;
  const Icon = busy ? LoaderCircle : downloads ? Download : ShoppingCart;

  const className = `inline-flex shrink-0 items-center justify-center rounded-full font-bold whitespace-nowrap transition-colors numeric disabled:cursor-wait disabled:opacity-70 ${VARIANTS[variant]} ${
    label === 'Free' || label === 'Download'
      ? 'bg-emerald-500/90 text-black hover:bg-emerald-400'
      : variant === 'page'
        ? 'bg-amber-300 text-black hover:bg-amber-200'
        : 'border border-amber-300/40 bg-amber-300/10 text-amber-300 hover:bg-amber-300/20'
  }`;
  const content = (
    <>
      <Icon
        aria-hidden="true"
        className={`size-4 ${busy ? 'animate-spin' : ''} ${variant === 'card' ? 'hidden sm:block' : ''}`}
      />
      {label}
    </>
  );
  const formats = status.data?.canDownload ? status.data.formats : [];
  // A holder of a lower licence may upgrade for the difference, from the beat page.
  const upgrade =
    variant === 'page' && user && holdsLicense && !isOwner && status.data?.reason === 'license' ? (
      <Suspense fallback={null}>
        <UpgradeLicenseButton beat={beat} userId={user.id} />
      </Suspense>
    ) : null;

  if (downloads && formats.length > 1) {
    return (
      <>
        <MenuButton
          label={name}
          className={className}
          disabled={busy}
          items={formats.map((format) => ({
            label: `Download ${format.toUpperCase()}`,
            onSelect: () => void download(beat, { format }),
          }))}
        >
          {content}
        </MenuButton>
        {upgrade}
      </>
    );
  }

  function onClick() {
    // A visitor on the beat page gets the licences to look at (the dialog asks them to sign in).
    if (downloads || (variant === 'page' && user)) void download(beat);
    else openPurchase(beat);
  }

  return (
    <>
      <button type="button" onClick={onClick} disabled={busy} aria-label={name} className={className}>
        {content}
      </button>
      {upgrade}
    </>
  );
}
