import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { deliverWebhook } from '../../../../test/fake-stripe';
import type { Agent } from '../../../../test/helpers';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { useProducerAndBuyersOnStripe } from '../../../../test/selling-fixtures';

// A tier change grants the new tier's included credits once per paid period, and only when
// that period was paid for: Stripe prorates each switch (the unused part of the old period is
// credited), so a switch back to the cheaper tier is an invoice of 0 and grants nothing.
// Switching monthly <-> annual three times never grows the balance beyond what was paid for.
const ctx = useProducerAndBuyersOnStripe();

const deliver = (type: string, object: Record<string, unknown> & { id: string }) =>
  deliverWebhook(ctx.t.app, ctx.fake.event(type, object));
const earned = async (agent: Agent) =>
  (await agent.get('/api/user/credits')).json().credits.credits_total_earned as number;
async function tierId(name: string) {
  const list = (await ctx.t.app.inject({ method: 'GET', url: '/api/producer-tiers' })).json();
  return (list as { id: string; name: string }[]).find((t) => t.name === name)!.id;
}

describe('switching tiers', () => {
  it('monthly -> annual -> monthly -> annual: credits only for the periods that collected money, each once', async () => {
    const user = await member(ctx.t.app, 'tier.switcher@example.com');
    const res = await user.agent.post('/api/user/subscribe', { tier_id: await tierId('Pro') });
    const { session, subscription } = ctx.fake.paySubscription(
      (res.json().checkout_url as string).split('/').pop()!,
    );
    expect((await deliver('checkout.session.completed', session)).statusCode).toBe(200);
    expect(await earned(user.agent)).toBe(500);

    const collected: number[] = [];
    for (const tier of ['Pro Annual', 'Pro', 'Pro Annual']) {
      const switched = await user.agent.post('/api/user/subscribe', { tier_id: await tierId(tier) });
      expect(switched.statusCode).toBe(200);
      expect(switched.json().subscription).toMatchObject({ tier_name: tier });
      const invoice = ctx.fake.invoices.get(
        String(ctx.fake.subscriptions.get(subscription.id)!.latest_invoice),
      )!;
      collected.push(Number(invoice.amount_paid));
      // Stripe may deliver an event more than once.
      expect((await deliver('invoice.paid', invoice)).statusCode).toBe(200);
      expect((await deliver('invoice.paid', invoice)).statusCode).toBe(200);
    }
    // To annual: the year less the unused month; back to monthly: covered by the unused year
    // (0); to annual again: covered by the credit that switch left (0).
    expect(collected[0]).toBeGreaterThan(8000);
    expect(collected.slice(1)).toEqual([0, 0]);
    // The Pro month and the Pro Annual year, each once: nothing for the unpaid switches.
    expect(await earned(user.agent)).toBe(500 + 6000);
    const periods = await ctx.t.app.db.prisma.subscriptionPeriod.findMany({
      where: { subscription: { userId: user.id } },
      orderBy: { periodStart: 'asc' },
    });
    expect(periods.map((p) => p.amountCents)).toEqual([999, collected[0], 0, 0]);
    await expectLedgerInvariants(ctx.t.app);
  });
});
