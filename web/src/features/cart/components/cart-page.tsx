import type { CartLine } from '@beatroom/shared/cart-contract';
import { formatPrice } from '@beatroom/shared/format-money';
import { licenseName } from '@beatroom/shared/licensing';
import type { Currency } from '@beatroom/shared/money-constants';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CoverArt } from '../../../components/ui/cover-art';
import { SuccessView } from '../../../components/ui/success-view';
import { serverErrorText } from '../../../lib/error-text';
import type { RenderPaymentChoice } from '../../../lib/payment-choice-slot';
import { storedImage } from '../../../lib/stored-file';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../session/hooks/use-session';
import { guestCart, useGuestCart } from '../guest-cart';
import { useRemoveCartLine, useServerCart } from '../hooks/use-cart';
import { CartCheckout } from './cart-checkout';
import { CouponField } from './coupon-field';

const rowClass = 'flex items-center gap-3 rounded-2xl border border-line bg-surface/60 p-3';

function Empty() {
  return (
    <p className="rounded-2xl border border-line bg-surface/60 p-6 text-muted">
      Your cart is empty.{' '}
      <Link to="/" className="font-semibold text-fg underline">
        Browse beats
      </Link>
    </p>
  );
}

function RemoveButton({ title, busy, onRemove }: { title: string; busy: boolean; onRemove: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={busy}
      aria-label={`Remove ${title} from your cart`}
      onClick={onRemove}
    >
      Remove
    </Button>
  );
}

function LineRow({ line, currency }: { line: CartLine; currency: Currency }) {
  const remove = useRemoveCartLine();
  return (
    <li className={rowClass}>
      <CoverArt
        src={storedImage(line.beat.cover_image_key)}
        sizes="3.5rem"
        title={line.beat.title}
        className="size-14 shrink-0 rounded-xl"
        initialClassName="text-xl"
      />
      <div className="min-w-0 flex-1">
        <Link to={`/beat/${line.beat.id}`} className="block truncate font-semibold">
          {line.beat.title}
        </Link>
        <p className="truncate text-sm text-muted">
          {line.beat.producer_name} · {line.license_name} licence
          {line.upgrade_from ? ` (upgrade from ${licenseName(line.upgrade_from)})` : ''}
        </p>
        {line.discount_cents > 0 ? (
          <p className="text-sm text-emerald-400">
            {line.discount_reason === 'deal' ? 'Free with the producer’s deal' : 'Coupon'}: −
            {formatPrice(line.discount_cents, 'USD')}
          </p>
        ) : null}
        {line.available ? null : (
          <p className="text-sm text-amber-300">Not available right now: left out of the total.</p>
        )}
      </div>
      <span className="font-semibold numeric">{formatPrice(line.display_price_cents, currency)}</span>
      <RemoveButton
        title={line.beat.title}
        busy={remove.isPending}
        onRemove={() =>
          remove.mutate(line.id, {
            onError: (error) =>
              showToast({ type: 'error', title: serverErrorText(error) ?? 'Could not remove it' }),
          })
        }
      />
    </li>
  );
}

/** What app/ hands the cart page. */
export interface CartPageProps {
  /** The sign-in control a visitor is offered. */
  signIn: ReactNode;
  /** The payment choice of buying, for the checkout. */
  paymentChoice: RenderPaymentChoice;
  /** The cart was paid at once (a saved method): what app/ refreshes (downloads, invoices). */
  onPaid?: () => void;
}

/** The cart was paid without leaving the page. */
function Paid() {
  return (
    <SuccessView title="Payment complete">
      <p>Your beats are ready under Downloads, with their licences.</p>
      <Link to="/downloads?tab=purchases" className={buttonClasses({ size: 'sm' })}>
        Go to Downloads
      </Link>
    </SuccessView>
  );
}

/** A signed-in buyer's cart, priced by the server, and its checkout. */
function MemberCart({ paymentChoice, onPaid }: Pick<CartPageProps, 'paymentChoice' | 'onPaid'>) {
  const [couponCode, setCouponCode] = useState('');
  const [paid, setPaid] = useState(false);
  const cart = useServerCart(couponCode);
  if (paid) return <Paid />;
  if (cart.isPending) return <p className="text-muted">Loading your cart…</p>;
  if (cart.isError) return <p className="text-red-400">Your cart could not be loaded.</p>;
  const { lines, totals, coupon } = cart.data;
  if (lines.length === 0) return <Empty />;
  const currency = totals.display_currency;
  return (
    <>
      <ul className="flex flex-col gap-2" aria-label="Cart lines">
        {lines.map((line) => (
          <LineRow key={line.id} line={line} currency={currency} />
        ))}
      </ul>
      <CouponField key={coupon?.code ?? ''} coupon={coupon} onApply={setCouponCode} />
      <dl className="ml-auto grid w-full max-w-xs grid-cols-2 gap-y-1 text-sm">
        {totals.discount_cents > 0 ? (
          <>
            <dt className="text-muted">Discount</dt>
            <dd className="text-right numeric">−{formatPrice(totals.discount_cents, 'USD')}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Total</dt>
        <dd className="text-right text-lg font-bold numeric" data-testid="cart-total">
          {formatPrice(totals.display_total_cents, currency)}
        </dd>
        {currency !== 'USD' ? (
          <dd className="col-span-2 text-right text-xs text-muted">
            Charged in USD: {formatPrice(totals.total_cents, 'USD')}
          </dd>
        ) : null}
      </dl>
      <CartCheckout
        paymentChoice={paymentChoice}
        // Only a code the cart shows applied: one that does not apply says why above.
        couponCode={coupon && !coupon.error ? coupon.code : ''}
        disabled={!lines.some((line) => line.available)}
        onPaid={() => {
          setPaid(true);
          onPaid?.();
        }}
      />
    </>
  );
}

/** A visitor's cart, kept in this browser: prices come once they sign in. */
function GuestCart({ signIn }: { signIn: ReactNode }) {
  const lines = useGuestCart();
  if (lines.length === 0) return <Empty />;
  return (
    <>
      <ul className="flex flex-col gap-2" aria-label="Cart lines">
        {lines.map((line) => (
          <li key={line.beat_id} className={rowClass}>
            <div className="min-w-0 flex-1">
              <Link to={`/beat/${line.beat_id}`} className="block truncate font-semibold">
                {line.title}
              </Link>
              <p className="truncate text-sm text-muted">
                {line.producer_name} · {licenseName(line.license_type)} licence
              </p>
            </div>
            <RemoveButton title={line.title} busy={false} onRemove={() => guestCart.remove(line.beat_id)} />
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-end gap-3">
        <p className="text-sm text-muted">
          Sign in to see the prices and check out; your cart comes with you.
        </p>
        {signIn}
      </div>
    </>
  );
}

/**
 * /cart: the beats chosen, each with its licence and price, the total, and the checkout of them
 * all as one order; a visitor is offered sign-in, which brings their cart along.
 */
export function CartPage({ signIn, paymentChoice, onPaid }: CartPageProps) {
  const { user, isPending } = useSession();
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-8">
      <h1 className="text-2xl font-bold">Cart</h1>
      {isPending ? null : user ? (
        <MemberCart paymentChoice={paymentChoice} onPaid={onPaid} />
      ) : (
        <GuestCart signIn={signIn} />
      )}
    </main>
  );
}
