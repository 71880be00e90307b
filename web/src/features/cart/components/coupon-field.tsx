import type { CartResponse } from '@beatroom/shared/cart-contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * The cart's coupon: typed, applied (the cart is priced again with it), and what became of it,
 * as the server says: applied, or why not.
 */
export function CouponField({
  coupon,
  onApply,
}: {
  coupon: CartResponse['coupon'];
  onApply: (code: string) => void;
}) {
  const [code, setCode] = useState(coupon?.code ?? '');
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(code.trim());
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-1" aria-label="Coupon">
      <div className="flex items-center gap-2">
        <label htmlFor="cart-coupon" className="text-sm font-medium">
          Coupon code
        </label>
        <input
          id="cart-coupon"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          maxLength={32}
          autoComplete="off"
          className="h-9 w-40 rounded-lg border border-line bg-surface px-3 text-sm uppercase"
        />
        <Button type="submit" variant="secondary" size="sm">
          Apply
        </Button>
        {coupon ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setCode('');
              onApply('');
            }}
          >
            Remove coupon
          </Button>
        ) : null}
      </div>
      {coupon?.error ? (
        <p role="alert" className="text-sm text-red-400">
          {coupon.error}
        </p>
      ) : coupon ? (
        <p className="text-sm text-emerald-400">Coupon {coupon.code} applied</p>
      ) : null}
    </form>
  );
}
