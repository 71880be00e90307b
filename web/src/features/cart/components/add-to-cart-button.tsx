import { licencePrice, type OfferedBeat } from '@beatroom/shared/license-pricing';
import { LICENSES } from '@beatroom/shared/money-constants';
import { ShoppingBasket } from 'lucide-react';
import { MenuButton } from '../../../components/ui/menu-button';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../session/hooks/use-session';
import { useAddToCart, type CartBeat } from '../hooks/use-cart';

/** The beat fields the button decides with. */
export interface CartableBeat extends CartBeat, OfferedBeat {
  user_id: string;
  price_cents: number;
  is_free: boolean;
  sold_exclusively?: boolean;
}

const VARIANTS = {
  card: 'h-7 gap-1 px-2',
  row: 'h-8 gap-1.5 px-2.5',
  page: 'h-10 gap-2 px-4',
} as const;

// A row is in the track list, a size container: the label shows where the list is wide.
const LABEL = { card: 'sr-only', row: 'sr-only @6xl:not-sr-only', page: '' } as const;

/**
 * "Add to cart" beside a beat's price: a small menu of licences; the cart prices the chosen one
 * as a purchase would. Not shown to the beat's owner nor for a free or exclusively sold beat.
 */
export function AddToCartButton({ beat, variant }: { beat: CartableBeat; variant: keyof typeof VARIANTS }) {
  const { user } = useSession();
  const add = useAddToCart();
  if (user?.id === beat.user_id || beat.is_free || beat.price_cents <= 0 || beat.sold_exclusively) {
    return null;
  }
  return (
    <MenuButton
      label={`Add ${beat.title} to cart`}
      disabled={add.isPending}
      className={`inline-flex shrink-0 items-center justify-center rounded-full border border-fg/15 text-sm font-semibold whitespace-nowrap text-fg/80 transition-colors hover:bg-fg/10 disabled:opacity-70 ${VARIANTS[variant]}`}
      // Only the licences its producer offers.
      items={LICENSES.filter((licence) => licencePrice(beat, licence.id).enabled).map((licence) => ({
        label: `${licence.name} licence`,
        onSelect: () =>
          add.mutate(
            { beat, license: licence.id },
            {
              onSuccess: () =>
                showToast({ type: 'success', title: `${beat.title} (${licence.name}) is in your cart` }),
              onError: (error) =>
                showToast({
                  type: 'error',
                  title: serverErrorText(error) ?? 'Could not add it to your cart',
                }),
            },
          ),
      }))}
    >
      <ShoppingBasket aria-hidden="true" className="size-4" />
      {/* A row spells it out only where the list has room beside the price (its name says it). */}
      <span className={LABEL[variant]}>Add to cart</span>
    </MenuButton>
  );
}
