import { PaymentChoiceField } from '../features/purchase/components/payment-choice-field';
import type { RenderPaymentChoice } from '../lib/payment-choice-slot';

/**
 * Buying's payment choice (saved methods, wallets, save box), handed to every other screen that
 * takes a payment: the credits and plan dialogs, the cart.
 */
export const renderPaymentChoice: RenderPaymentChoice = (props) => <PaymentChoiceField {...props} />;
