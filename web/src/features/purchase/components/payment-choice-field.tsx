import type { ReactNode } from 'react';
import { useSession } from '../../session/hooks/use-session';
import { usePaymentChoice, type PaymentChoiceState } from '../hooks/use-payment-choice';

/**
 * The Purchase Beat dialog's payment choice for the other paying dialogs (Buy Credits, Upgrade
 * to Producer Pro), handed to them by app/: the dialog lays out `payment.field` where it wants
 * it and sends `payment.fields` with its body. One picker, one set of saved methods, one cache.
 */
export function PaymentChoiceField({
  disabled,
  onChange,
  children,
}: {
  disabled: boolean;
  onChange?: () => void;
  children: (payment: PaymentChoiceState) => ReactNode;
}) {
  const { user } = useSession();
  return children(usePaymentChoice(user, { disabled, onChange }));
}
