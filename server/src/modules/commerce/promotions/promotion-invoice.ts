import type { InvoiceItem } from '@beatroom/shared/money-contract';

/**
 * The invoice of a promotion that no card payment invoiced: credits are
 * not money, so one paid with credits totals 0 and its line names the credits it took; one on an
 * included featured slot totals 0 and its line names the plan's slot; a full discount shows the
 * list price taken off. Card payments are invoiced by the account payment's completion instead.
 */
export function promotionInvoice(p: {
  promotion: { id: string; userId: string; paymentMethod: string; creditsSpent: number | null };
  option: { name: string; price_cents: number };
  beatTitle: string;
  paid: { paymentProvider: string; paymentMethodType: string };
  at: Date;
  /** The plan whose included slot the promotion uses. */
  includedIn?: string;
}) {
  const { promotion, option, paid } = p;
  const what = `${option.name}: ${p.beatTitle}`;
  let item: InvoiceItem;
  let listCents = 0;
  if (promotion.paymentMethod === 'included') {
    item = {
      name: `${what} (included featured slot of your ${p.includedIn ?? 'subscription'} plan)`,
      quantity: 1,
      price: 0,
    };
  } else if (promotion.paymentMethod === 'credits') {
    item = { name: `${what} (${promotion.creditsSpent ?? 0} credits)`, quantity: 1, price: 0 };
  } else {
    listCents = option.price_cents;
    item = { name: what, quantity: 1, price: listCents };
  }
  return {
    userId: promotion.userId,
    sourceKey: `promotion:${promotion.id}`,
    transactionType: 'promotion' as const,
    items: [item],
    paymentProvider: paid.paymentProvider,
    paymentMethodType: paid.paymentMethodType,
    subtotalCents: listCents,
    discountCents: listCents,
    totalCents: 0,
    paymentDate: p.at,
  };
}
