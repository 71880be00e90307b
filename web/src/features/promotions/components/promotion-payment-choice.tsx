import { Coins, CreditCard } from 'lucide-react';

/** How a promotion that is not included in the plan is paid. */
export type PayWith = 'credits' | 'card';

/**
 * Credits or card, as two radio cards. Credits are offered only when they cover the cost
 * (`creditsDisabled`); `creditsDetail` says the balance or what is missing.
 */
export function PromotionPaymentChoice({
  payWith,
  onPick,
  creditsDetail,
  creditsDisabled,
  disabled,
}: {
  payWith: PayWith;
  onPick: (value: PayWith) => void;
  creditsDetail: string | null;
  creditsDisabled: boolean;
  disabled: boolean;
}) {
  const payOption = (value: PayWith, label: string, detail: string | null, unavailable: boolean) => (
    <label
      className={`flex cursor-pointer items-center gap-3 rounded-xl border border-line px-3 py-2.5 has-[:checked]:border-accent has-[:checked]:bg-accent/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-55`}
    >
      <input
        type="radio"
        name="promotion-payment"
        value={value}
        checked={payWith === value}
        disabled={unavailable}
        onChange={() => onPick(value)}
        className="size-4 shrink-0 accent-accent"
      />
      {value === 'credits' ? (
        <Coins aria-hidden="true" className="size-4 shrink-0 text-muted" />
      ) : (
        <CreditCard aria-hidden="true" className="size-4 shrink-0 text-muted" />
      )}
      <span className="min-w-0">
        <span className="block text-sm font-medium">{label}</span>
        {detail ? <span className="block text-xs text-muted">{detail}</span> : null}
      </span>
    </label>
  );

  return (
    <fieldset disabled={disabled}>
      <legend className="mb-3 text-sm font-semibold">Payment method</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {payOption('credits', 'Pay with credits', creditsDetail, creditsDisabled)}
        {payOption('card', 'Pay with card', null, false)}
      </div>
    </fieldset>
  );
}
