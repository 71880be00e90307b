import { randomBytes } from 'node:crypto';
import type { FakeStripe } from './fake-stripe';
import type { Params } from './stripe-form';

type Obj = Record<string, unknown> & { id: string };

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

const invalid = (message: string, code?: string) => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', ...(code ? { code } : {}), message } },
});

/**
 * Charges, refunds and disputes on the fake, as Stripe's API answers them: every succeeded
 * PaymentIntent has a charge (its `latest_charge`, carrying the intent's metadata); a refund
 * adds to the charge's `amount_refunded` and `refunds` list and is refused past what is left;
 * a dispute is opened and closed by the test (`dispute`, `closeDispute`), as a card network
 * would. Webhook events for them are built with `fake.event('charge.refunded', charge)`.
 */
export function installCharges(fake: FakeStripe) {
  const charges = new Map<string, Obj>();
  const disputes = new Map<string, Obj>();

  /** The charge behind a PaymentIntent, created the first time it is asked for. */
  function chargeOf(intent: Obj): Obj {
    const known = typeof intent.latest_charge === 'string' ? charges.get(intent.latest_charge) : undefined;
    if (known) return known;
    const charge: Obj = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      created: now(),
      customer: intent.customer ?? null,
      disputed: false,
      metadata: intent.metadata ?? {},
      paid: true,
      payment_intent: intent.id,
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, url: '/v1/refunds' },
      status: 'succeeded',
      transfer_data: intent.transfer_data ?? null,
      application_fee_amount: intent.application_fee_amount ?? null,
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  function addRefund(charge: Obj, amount: number, p: Params): Obj {
    const refund: Obj = {
      id: newId('re'),
      object: 'refund',
      status: 'succeeded',
      amount,
      charge: charge.id,
      currency: charge.currency,
      created: now(),
      payment_intent: charge.payment_intent,
      metadata: p.metadata ?? {},
      reason: p.reason ?? null,
      reverse_transfer: p.reverse_transfer === 'true',
      refund_application_fee: p.refund_application_fee === 'true',
    };
    fake.refunds.set(refund.id, refund);
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const list = charge.refunds as { data: Obj[] };
    list.data = [refund, ...list.data];
    return refund;
  }

  fake.route('POST', /^\/v1\/refunds$/, (p) => {
    const intent = fake.paymentIntents.get(String(p.payment_intent));
    if (!intent)
      return {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${String(p.payment_intent)}'`,
          },
        },
      };
    const charge = chargeOf(intent);
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    if (left <= 0)
      return invalid(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (amount > left) {
      return invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount_too_large',
      );
    }
    return { body: addRefund(charge, amount, p) };
  });

  fake.route('GET', /^\/v1\/refunds$/, (p) => {
    const data = [...fake.refunds.values()].filter((r) => !p.charge || r.charge === p.charge);
    return { body: { object: 'list', url: '/v1/refunds', has_more: false, data: data.reverse() } };
  });

  // Which invoice a PaymentIntent paid (a subscription's period): Stripe's invoice payments.
  fake.route('GET', /^\/v1\/invoice_payments$/, (p) => {
    const wanted = (p.payment as Params | undefined)?.payment_intent;
    const data = [...fake.invoices.values()].flatMap((invoice) =>
      ((invoice.payments as { data: { payment: { payment_intent: string } }[] } | undefined)?.data ?? [])
        .filter((paid) => !wanted || paid.payment.payment_intent === wanted)
        .map((paid) => ({
          id: newId('inpay'),
          object: 'invoice_payment',
          invoice: invoice.id,
          payment: paid.payment,
        })),
    );
    return { body: { object: 'list', url: '/v1/invoice_payments', has_more: false, data } };
  });

  return {
    charges,
    disputes,
    /** The charge of a succeeded PaymentIntent, as a `charge.*` event carries it. */
    charge(paymentIntentId: string): Obj {
      const intent = fake.paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
      return structuredClone(chargeOf(intent));
    },
    /** A refund made in Stripe's dashboard (not through the API): the charge as it then is. */
    refundInDashboard(paymentIntentId: string, amount?: number): Obj {
      const intent = fake.paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
      const charge = chargeOf(intent);
      addRefund(charge, amount ?? Number(charge.amount) - Number(charge.amount_refunded), {});
      return structuredClone(charge);
    },
    /** The cardholder's bank disputes the charge: Stripe takes the amount back meanwhile. */
    dispute(paymentIntentId: string, reason = 'fraudulent'): Obj {
      const intent = fake.paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
      const charge = chargeOf(intent);
      charge.disputed = true;
      const dispute: Obj = {
        id: newId('du'),
        object: 'dispute',
        amount: charge.amount,
        charge: charge.id,
        currency: charge.currency,
        created: now(),
        is_charge_refundable: false,
        metadata: {},
        payment_intent: intent.id,
        reason,
        status: 'needs_response',
      };
      disputes.set(dispute.id, dispute);
      return structuredClone(dispute);
    },
    /** The bank decides: won (the money comes back to the platform) or lost. */
    closeDispute(disputeId: string, status: 'won' | 'lost'): Obj {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`no dispute ${disputeId}`);
      dispute.status = status;
      return structuredClone(dispute);
    },
  };
}

export type FakeCharges = ReturnType<typeof installCharges>;
