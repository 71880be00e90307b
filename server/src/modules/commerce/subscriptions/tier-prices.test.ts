import { ProducerTierListResponse } from '@beatroom/shared/subscriptions-contract';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import type { Agent } from '../../../../test/helpers';
import { useProducerAndBuyers } from '../../../../test/selling-fixtures';

// An admin's change of a tier price on the local provider: whoever subscribes after
// it pays the new price; a period already paid keeps its price and the next renewal pays the new.
const ctx = useProducerAndBuyers();
const prisma = () => ctx.t.app.db.prisma;

async function proTier() {
  const list = ProducerTierListResponse.parse(
    (await ctx.t.app.inject({ method: 'GET', url: '/api/producer-tiers' })).json(),
  );
  return list.find((t) => t.name === 'Pro')!;
}

/** Subscribe, look at the local checkout page (its amount), then Pay. */
async function subscribeToPro(agent: Agent) {
  const res = await agent.post('/api/user/subscribe', { tier_id: (await proTier()).id });
  expect(res.statusCode).toBe(200);
  const paymentId = (res.json().checkout_url as string).split('/').pop()!;
  const page = await agent.get(`/api/checkout/local/account/${paymentId}`);
  expect(page.statusCode).toBe(200);
  const paid = await agent.post(`/api/checkout/local/account/${paymentId}/pay`);
  expect(paid.json()).toMatchObject({ kind: 'subscription', status: 'paid' });
  return page.json() as { amount_cents: number; description: string };
}

const invoices = (userId: string) =>
  prisma().invoice.findMany({
    where: { userId, transactionType: 'subscription' },
    orderBy: { createdAt: 'asc' },
  });

describe('a tier price changed in the admin settings', () => {
  it('is what a later subscription is charged and invoiced, and what renewals pay', async () => {
    const owner = await member(ctx.t.app, ctx.t.config.adminEmail);
    expect(await subscribeToPro(ctx.ann.agent)).toMatchObject({ amount_cents: 999 });

    const change = await owner.agent.request({
      method: 'PATCH',
      url: '/api/admin/settings/tier_price_pro_cents',
      payload: { value: 1499 },
    });
    expect(change.statusCode).toBe(200);
    expect((await proTier()).price_cents).toBe(1499);

    // Bought after the change: the checkout, the invoice and the paid period say 14.99.
    expect(await subscribeToPro(ctx.bob.agent)).toMatchObject({
      amount_cents: 1499,
      description: 'Pro subscription (monthly)',
    });
    expect(await invoices(ctx.bob.id)).toMatchObject([
      { totalCents: 1499, items: [{ name: 'Pro subscription (monthly)', quantity: 1, price: 1499 }] },
    ]);
    const bobs = (await ctx.bob.agent.get('/api/user/subscription')).json().subscription;
    expect(bobs).toMatchObject({ tier_name: 'Pro', price_cents: 1499, status: 'active' });
    expect(await prisma().subscriptionPeriod.findMany({ where: { subscriptionId: bobs.id } })).toMatchObject([
      { amountCents: 1499 },
    ]);

    // Ann's period paid before the change keeps its 9.99; her renewal pays the new price.
    const anns = (await ctx.ann.agent.get('/api/user/subscription')).json().subscription;
    expect(await invoices(ctx.ann.id)).toMatchObject([{ totalCents: 999 }]);
    await ctx.t.app.subscriptions.renewDue(
      new Date(new Date(anns.current_period_end).getTime() + 1000),
      anns.id,
    );
    expect((await invoices(ctx.ann.id)).map((i) => i.totalCents)).toEqual([999, 1499]);
    expect(
      (
        await prisma().subscriptionPeriod.findMany({
          where: { subscriptionId: anns.id },
          orderBy: { periodStart: 'asc' },
        })
      ).map((p) => p.amountCents),
    ).toEqual([999, 1499]);
  });
});
