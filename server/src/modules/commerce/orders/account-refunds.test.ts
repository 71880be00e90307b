import { describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { useProducerAndBuyers } from '../../../../test/selling-fixtures';
import { subscribeTo } from '../../../../test/tier-fixtures';

const ctx = useProducerAndBuyers();

describe('refunding a subscription period', () => {
  it('ends the period and the subscription, takes back the credits it included, once', async () => {
    await subscribeTo(ctx.ann.agent, 'Pro');
    const prisma = ctx.t.app.db.prisma;
    const payment = await prisma.accountPayment.findFirstOrThrow({
      where: { userId: ctx.ann.id, kind: 'subscription', status: 'paid' },
    });
    const period = await prisma.subscriptionPeriod.findFirstOrThrow({ where: { paymentRef: payment.id } });
    const tier = await prisma.producerTier.findUniqueOrThrow({ where: { slug: 'pro' } });
    const balance = () => prisma.creditBalance.findUnique({ where: { userId: ctx.ann.id } });
    expect((await balance())?.available ?? 0).toBe(tier.includedCredits);

    const refund = () =>
      ctx.t.app.accountRefunds.refund(payment.id, {
        reason: 'Subscribed by mistake',
        adminId: null,
        providerPaymentId: payment.providerPaymentId,
        amountCents: payment.amountCents,
      });
    const done = await refund();
    expect(done).toMatchObject({ amount: payment.amountCents, full: true, credits: tier.includedCredits });
    expect(await refund()).toBeNull();

    const sub = await prisma.subscription.findUniqueOrThrow({ where: { id: period.subscriptionId } });
    expect(sub).toMatchObject({ status: 'ended', endedAt: expect.any(Date), cancelAtPeriodEnd: false });
    const ended = await prisma.subscriptionPeriod.findUniqueOrThrow({ where: { id: period.id } });
    expect(ended.periodEnd.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await prisma.refund.findMany({ where: { accountPaymentId: payment.id } })).toEqual([
      expect.objectContaining({ subscriptionPeriodId: period.id, full: true, source: 'admin' }),
    ]);
    expect(await balance()).toMatchObject({ available: 0, debt: 0 });
    // No longer subscribed; the invoice shows its credit note.
    expect((await ctx.ann.agent.get('/api/user/subscription')).json().subscription?.status ?? null).not.toBe(
      'active',
    );
    const invoice = (await ctx.ann.agent.get('/api/invoices')).json().invoices[0];
    expect(invoice).toMatchObject({
      transaction_type: 'subscription',
      status: 'refunded',
      credit_notes: [
        expect.objectContaining({ total_cents: payment.amountCents, reason: 'Subscribed by mistake' }),
      ],
    });
    await expectLedgerInvariants(ctx.t.app);
  });
});
