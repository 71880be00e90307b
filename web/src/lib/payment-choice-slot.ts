import type { PurchasePaymentMethod } from '@beatroom/shared/money-contract';
import type { ReactNode } from 'react';

/** What the payment choice gives the dialog: the fields to send, and the picker to show. */
export interface PaymentChoiceSlotState {
  fields: {
    payment_method: PurchasePaymentMethod;
    save_payment_method: boolean;
    saved_payment_method_id?: string;
  };
  /** False while a saved method is chosen without a saved id. */
  complete: boolean;
  field: ReactNode;
}

/**
 * The payment choice of buying (purchase), composed in by app/ into every paying dialog (Buy
 * Credits, Upgrade): the dialog renders what `children` returns and places `field` where the
 * spec has it. It lives in lib/ because features may not import each other.
 */
export type RenderPaymentChoice = (props: {
  disabled: boolean;
  onChange: () => void;
  children: (payment: PaymentChoiceSlotState) => ReactNode;
}) => ReactNode;
