import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { PaymentMethod, PurchasePaymentMethod } from '@beatroom/shared/money-contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { paymentMethodsQueryOptions } from '../api';
import {
  canSaveMethod,
  NEW_CARD,
  PaymentMethodPicker,
  type PaymentChoice,
} from '../components/payment-method-picker';
import { useRemovePaymentMethod } from './use-remove-payment-method';
import { useWalletAvailability } from './use-wallet-availability';

/** A saved method flagged default is preselected; otherwise a new card. */
function initialChoice(methods: readonly PaymentMethod[] | undefined): PaymentChoice {
  const preferred = methods?.find((m) => m.is_default);
  return preferred ? { method: 'saved', savedId: preferred.id } : NEW_CARD;
}

/** The payment fields every paying body carries (purchase, credits, subscribe). */
export interface PaymentFields {
  payment_method: PurchasePaymentMethod;
  save_payment_method: boolean;
  saved_payment_method_id?: string;
}

export interface PaymentChoiceState {
  choice: PaymentChoice;
  /** What to send: the method, the save flag (new card or PayPal only) and the saved id. */
  fields: PaymentFields;
  /** False while a saved method is chosen without a saved id. */
  complete: boolean;
  /** The picker with the save-payment-method box under it, where offered. */
  field: ReactNode;
}

/**
 * The payment choice of every paying dialog: new card, PayPal, the wallets
 * this device offers, the saved methods (the default preselected, each removable), and the
 * save box for a new card or PayPal. `onChange` runs on every pick (dialogs clear their error).
 */
export function usePaymentChoice(
  user: SessionUser | null,
  { disabled = false, onChange }: { disabled?: boolean; onChange?: () => void } = {},
): PaymentChoiceState {
  const methods = useQuery({ ...paymentMethodsQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  const wallets = useWalletAvailability();
  // null until the payer picks: the preselection follows the saved methods as they load.
  const [picked, setPicked] = useState<PaymentChoice | null>(null);
  const [saveMethod, setSaveMethod] = useState(false);
  const choice = picked ?? initialChoice(methods.data);
  const remove = useRemovePaymentMethod(user?.id ?? '', (id) => {
    if (choice.method === 'saved' && choice.savedId === id) setPicked(NEW_CARD);
  });
  const save = canSaveMethod(choice) && saveMethod;

  const field = (
    <div className="flex flex-col gap-3">
      <PaymentMethodPicker
        choice={choice}
        onChoose={(next) => {
          setPicked(next);
          onChange?.();
        }}
        wallets={wallets}
        savedMethods={methods.data ?? []}
        onRemove={(method) => remove.mutate(method)}
        removingId={remove.isPending ? (remove.variables?.id ?? null) : null}
        disabled={disabled}
      />
      {canSaveMethod(choice) ? (
        <label className="inline-flex cursor-pointer items-center gap-2.5 text-sm">
          <input
            type="checkbox"
            checked={saveMethod}
            onChange={(event) => setSaveMethod(event.target.checked)}
            disabled={disabled}
            className="size-4 cursor-pointer accent-accent"
          />
          Save payment method for future purchases
        </label>
      ) : null}
    </div>
  );

  return {
    choice,
    fields: {
      payment_method: choice.method,
      save_payment_method: save,
      ...(choice.method === 'saved' && choice.savedId ? { saved_payment_method_id: choice.savedId } : {}),
    },
    complete: !(choice.method === 'saved' && !choice.savedId),
    field,
  };
}
