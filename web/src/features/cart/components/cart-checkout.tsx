import { LoaderCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { serverErrorText } from '../../../lib/error-text';
import type { RenderPaymentChoice } from '../../../lib/payment-choice-slot';
import { showToast } from '../../../lib/toast';
import { useCartCheckout } from '../hooks/use-cart-checkout';

/** Shown when the server gives no reason of its own. */
export const CART_CHECKOUT_FAILED = 'Checkout failed. Please try again.';

export interface CartCheckoutProps {
  /** The payment choice of buying (saved methods, wallets, save box), composed in by app/. */
  paymentChoice: RenderPaymentChoice;
  /** The coupon the cart shows applied, sent along; empty for none. */
  couponCode: string;
  /** Nothing in the cart can be bought right now. */
  disabled: boolean;
  /** The order was paid at once with a saved method. */
  onPaid: () => void;
}

/**
 * The cart's payment: the same choice as the Purchase Beat dialog, then Checkout: one order for
 * every available line, paid on the checkout page it leads to (or at once with a saved method).
 * Why it was refused (the beat whose price changed, an exclusive taken, the coupon used up) is
 * said here, as the server words it.
 */
export function CartCheckout({ paymentChoice, couponCode, disabled, onPaid }: CartCheckoutProps) {
  const checkout = useCartCheckout();
  const leaving = checkout.isSuccess && checkout.data === 'redirected';
  const busy = checkout.isPending || leaving;
  return paymentChoice({
    disabled: busy,
    onChange: () => checkout.reset(),
    children: (payment) => (
      <section aria-labelledby="cart-payment" className="flex flex-col gap-4">
        <h2 id="cart-payment" className="text-lg font-semibold">
          Payment
        </h2>
        {payment.field}
        {checkout.isError ? (
          <ErrorBanner title={serverErrorText(checkout.error) ?? CART_CHECKOUT_FAILED} />
        ) : null}
        <Button
          className="self-end"
          disabled={disabled || busy || !payment.complete}
          onClick={() =>
            checkout.mutate(
              { ...payment.fields, ...(couponCode ? { coupon_code: couponCode } : {}) },
              {
                onSuccess: (outcome) => {
                  if (outcome === 'paid') onPaid();
                  else if (outcome === 'opened-in-browser') {
                    showToast({
                      type: 'info',
                      title: 'Checkout opened in your browser',
                      message: 'Finish paying there; the beats then show under Downloads.',
                    });
                  }
                },
              },
            )
          }
        >
          {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {leaving ? 'Redirecting to checkout...' : checkout.isPending ? 'Processing...' : 'Checkout'}
        </Button>
      </section>
    ),
  });
}
