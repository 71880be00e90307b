import { CREDIT_PACKS } from '@beatroom/shared/money-constants';
import type { PurchasePaymentMethod } from '@beatroom/shared/money-contract';
import type { AccountCheckoutResponse } from '@beatroom/shared/subscriptions-contract';
import { badRequest } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import type { AccountPaymentHandler } from './account-payment-completion';
import type { AccountPaymentsService } from './account-payments.service';

type Pack = (typeof CREDIT_PACKS)[number];

const grouped = (n: number) => n.toLocaleString('en-US');

/** "1,000 credits (+150 bonus)": the checkout line, the invoice item and the ledger text. */
export function packLabel(pack: Pack): string {
  return `${grouped(pack.credits)} credits${pack.bonus ? ` (+${grouped(pack.bonus)} bonus)` : ''}`;
}

export const packOf = (credits: number): Pack | undefined => CREDIT_PACKS.find((p) => p.credits === credits);

interface Credits {
  grant(
    tx: Parameters<AccountPaymentHandler['paid']>[0],
    g: { userId: string; amount: number; description: string; kind: 'purchased'; key: string },
  ): Promise<boolean>;
}

/**
 * Credit packs: POST /api/user/credits/purchase opens a payment for one of the
 * six packs at the server's price; once paid, the pack and its bonus are granted in the same
 * transaction, keyed by the payment, and invoiced once.
 */
export function createCreditPacks(deps: { payments: AccountPaymentsService; credits: () => Credits }) {
  const { payments } = deps;

  const handler: AccountPaymentHandler = {
    async paid(tx, payment, _received, at) {
      const pack = packOf(Number(payment.ref_id));
      if (!pack) throw new Error(`account payment ${payment.id} names no credit pack (${payment.ref_id})`);
      await deps.credits().grant(tx, {
        userId: payment.user_id,
        amount: pack.credits + pack.bonus,
        description: `Purchased ${packLabel(pack)}`,
        kind: 'purchased',
        key: `account-payment:${payment.id}`,
      });
      await payments.recordInvoice(tx, {
        userId: payment.user_id,
        sourceKey: `account-payment:${payment.id}`,
        transactionType: 'credits_purchase',
        items: [{ name: packLabel(pack), quantity: 1, price: pack.price_cents }],
        paymentProvider: payment.provider,
        paymentMethodType: payment.payment_method_type,
        subtotalCents: pack.price_cents,
        totalCents: pack.price_cents,
        paymentDate: at,
      });
    },
  };

  return {
    handler,

    async purchase(
      user: UserRecord,
      body: {
        credits_amount: number;
        save_payment_method?: boolean;
        payment_method?: PurchasePaymentMethod;
        saved_payment_method_id?: string | null;
      },
    ): Promise<AccountCheckoutResponse> {
      const pack = packOf(body.credits_amount);
      if (!pack) throw badRequest('credits_amount must be one of the credit packs');
      return payments.start({
        kind: 'credits',
        refId: String(pack.credits),
        buyer: { id: user.id, email: user.email, name: user.name },
        description: packLabel(pack),
        amountCents: pack.price_cents,
        paymentMethod: body.payment_method ?? 'new_card',
        savePaymentMethod: !!body.save_payment_method,
        savedPaymentMethodId: body.saved_payment_method_id ?? null,
      });
    },
  };
}
