import { useEffect, useState } from 'react';

interface ApplePayWindow {
  ApplePaySession?: { canMakePayments?: () => boolean };
}

/** Safari's own answer: Apple Pay exists on this device and a card is set up for it. */
export function applePayAvailable(): boolean {
  try {
    return (window as ApplePayWindow).ApplePaySession?.canMakePayments?.() === true;
  } catch {
    // Safari throws outside a secure context: no Apple Pay there either.
    return false;
  }
}

/** The Google Pay method of the Payment Request API, with the card networks we would accept. */
const GOOGLE_PAY_METHOD: PaymentMethodData = {
  supportedMethods: 'https://google.com/pay',
  data: {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: {
          allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
          allowedCardNetworks: ['AMEX', 'MASTERCARD', 'VISA'],
        },
      },
    ],
  },
};

/** A payment-request availability check for Google Pay; false where it throws. */
export async function googlePayAvailable(): Promise<boolean> {
  if (typeof PaymentRequest === 'undefined') return false;
  try {
    const request = new PaymentRequest([GOOGLE_PAY_METHOD], {
      total: { label: 'Beatroom', amount: { currency: 'USD', value: '0.00' } },
    });
    return await request.canMakePayment();
  } catch {
    return false;
  }
}

/**
 * Which wallets this device offers: Apple Pay only where Safari says it can pay, Google Pay only
 * once the availability check succeeds (until then it is not offered).
 */
export function useWalletAvailability(): { applePay: boolean; googlePay: boolean } {
  const [applePay] = useState(applePayAvailable);
  const [googlePay, setGooglePay] = useState(false);
  useEffect(() => {
    let current = true;
    void googlePayAvailable().then((available) => {
      if (current) setGooglePay(available);
    });
    return () => {
      current = false;
    };
  }, []);
  return { applePay, googlePay };
}
