import type Stripe from 'stripe';
import type { PayoutAccountState, PayoutsGateway } from './payment-gateways';

/** The flags of a Stripe Account object (retrieved, or an account.updated event's data.object). */
export function stateOf(account: {
  details_submitted?: boolean | null;
  charges_enabled?: boolean | null;
  payouts_enabled?: boolean | null;
}): PayoutAccountState {
  return {
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
  };
}

/** Stripe Connect Express accounts, onboarding links and transfers with the real SDK. */
export function createStripePayouts(stripe: Stripe): PayoutsGateway {
  return {
    async createAccount(user) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email: user.email,
          capabilities: { transfers: { requested: true } },
          metadata: { user_id: user.id },
        },
        // A retried click must not open a second account for the same producer.
        { idempotencyKey: `payout-account-${user.id}` },
      );
      return { accountId: account.id };
    },

    async onboardingLink(accountId, urls) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      });
      return { url: link.url };
    },

    async account(accountId) {
      return stateOf(await stripe.accounts.retrieve(accountId));
    },

    async transfer(input) {
      const transfer = await stripe.transfers.create(
        {
          amount: input.amountCents,
          currency: input.currency.toLowerCase(),
          destination: input.accountId,
          transfer_group: input.orderId,
          metadata: { order_id: input.orderId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return { transferId: transfer.id };
    },

    async reverseTransfer(input) {
      const reversal = await stripe.transfers.createReversal(
        input.transferId,
        { amount: input.amountCents, metadata: { order_id: input.orderId } },
        { idempotencyKey: input.idempotencyKey },
      );
      return { reversalId: reversal.id };
    },
  };
}
