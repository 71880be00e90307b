import { ShoppingBasket } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useCartCount, useMergeGuestCart } from '../hooks/use-cart';

/** The header's cart: a link to /cart with how many beats it holds. */
export function CartButton() {
  useMergeGuestCart();
  const count = useCartCount();
  return (
    <Link
      to="/cart"
      aria-label={count === 1 ? 'Cart, 1 beat' : `Cart, ${count} beats`}
      className="relative inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-fg/10 hover:text-fg"
    >
      <ShoppingBasket aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-amber-300 px-1 text-[10px] leading-none font-bold text-black ring-2 ring-bg numeric"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}
