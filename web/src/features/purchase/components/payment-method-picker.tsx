import type { PaymentMethod, PurchasePaymentMethod } from '@beatroom/shared/money-contract';
import { CreditCard, Smartphone, Trash2, Wallet, type LucideIcon } from 'lucide-react';

/** How the buyer pays: a method, plus the saved method's id when it is a saved one. */
export interface PaymentChoice {
  method: PurchasePaymentMethod;
  savedId: string | null;
}

export const NEW_CARD: PaymentChoice = { method: 'new_card', savedId: null };

/** Saving is offered only for a new card or PayPal. */
export function canSaveMethod(choice: PaymentChoice): boolean {
  return choice.method === 'new_card' || choice.method === 'paypal';
}

const CARD_BRANDS: Record<string, string> = {
  amex: 'American Express',
  mastercard: 'Mastercard',
  visa: 'Visa',
  discover: 'Discover',
};

/** "Visa •••• 4242", "PayPal (fan@example.com)", "Apple Pay". */
export function savedMethodLabel(method: PaymentMethod): string {
  switch (method.payment_type) {
    case 'card': {
      const brand = method.card_brand
        ? (CARD_BRANDS[method.card_brand.toLowerCase()] ?? method.card_brand)
        : 'Card';
      return method.card_last_four ? `${brand} •••• ${method.card_last_four}` : brand;
    }
    case 'paypal':
      return method.paypal_email ? `PayPal (${method.paypal_email})` : 'PayPal';
    case 'apple_pay':
      return 'Apple Pay';
    case 'google_pay':
      return 'Google Pay';
  }
}

function expiry(method: PaymentMethod): string | null {
  if (!method.card_exp_month || !method.card_exp_year) return null;
  return `Expires ${String(method.card_exp_month).padStart(2, '0')}/${String(method.card_exp_year).slice(-2)}`;
}

interface Option {
  value: string;
  label: string;
  detail?: string | null;
  Icon: LucideIcon;
  choice: PaymentChoice;
  saved?: PaymentMethod;
}

const valueOf = (choice: PaymentChoice) =>
  choice.method === 'saved' ? `saved:${choice.savedId ?? ''}` : choice.method;

/**
 * The payment choice: new card, PayPal, Apple Pay and Google Pay where this device
 * offers them, then the saved methods, each with a remove button. Native radios: arrow keys move.
 */
export function PaymentMethodPicker({
  choice,
  onChoose,
  wallets,
  savedMethods,
  onRemove,
  removingId,
  disabled = false,
}: {
  choice: PaymentChoice;
  onChoose: (choice: PaymentChoice) => void;
  wallets: { applePay: boolean; googlePay: boolean };
  savedMethods: readonly PaymentMethod[];
  onRemove: (method: PaymentMethod) => void;
  removingId: string | null;
  disabled?: boolean;
}) {
  const options: Option[] = [
    { value: 'new_card', label: 'New card', Icon: CreditCard, choice: NEW_CARD },
    { value: 'paypal', label: 'PayPal', Icon: Wallet, choice: { method: 'paypal', savedId: null } },
  ];
  if (wallets.applePay) {
    options.push({
      value: 'apple_pay',
      label: 'Apple Pay',
      Icon: Smartphone,
      choice: { method: 'apple_pay', savedId: null },
    });
  }
  if (wallets.googlePay) {
    options.push({
      value: 'google_pay',
      label: 'Google Pay',
      Icon: Smartphone,
      choice: { method: 'google_pay', savedId: null },
    });
  }
  for (const saved of savedMethods) {
    options.push({
      value: `saved:${saved.id}`,
      label: savedMethodLabel(saved),
      detail: [expiry(saved), saved.is_default ? 'Default' : null].filter(Boolean).join(' · ') || null,
      Icon: saved.payment_type === 'card' ? CreditCard : Wallet,
      choice: { method: 'saved', savedId: saved.id },
      saved,
    });
  }
  const selected = valueOf(choice);

  return (
    <fieldset disabled={disabled}>
      <legend className="mb-3 text-sm font-semibold">Payment method</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {options.map(({ value, label, detail, Icon, choice: option, saved }) => {
          const id = `payment-${value.replace(/[^\w-]/g, '-')}`;
          return (
            <li
              key={value}
              className="flex items-center gap-1 rounded-xl border border-line pr-1 transition-colors has-[:checked]:border-accent has-[:checked]:bg-accent/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent"
            >
              <label
                htmlFor={id}
                className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 px-3 py-2.5"
              >
                <input
                  id={id}
                  type="radio"
                  name="payment-method"
                  value={value}
                  checked={selected === value}
                  onChange={() => onChoose(option)}
                  className="size-4 shrink-0 accent-accent"
                />
                <Icon aria-hidden="true" className="size-4 shrink-0 text-muted" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{label}</span>
                  {detail ? <span className="block text-xs text-muted">{detail}</span> : null}
                </span>
              </label>
              {saved ? (
                <button
                  type="button"
                  onClick={() => onRemove(saved)}
                  disabled={removingId === saved.id}
                  aria-label={`Remove ${label}`}
                  title="Remove this payment method"
                  className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-red-500/10 hover:text-red-300 disabled:opacity-40"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
