import { ACCOUNT_CHECKOUT_CLOSED } from '../account-payments/account-local-checkout';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import type { Agent } from '../../../../test/helpers';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { useProducerAndBuyers } from '../../../../test/selling-fixtures';

// At most one open subscription checkout per user: opening another cancels the older one, a
// payment for a cancelled one is refused, and paying several at once never answers 500 and
// activates exactly one period. Run on real PostgreSQL for the races (TEST_DATABASE_URL).
const ctx = useProducerAndBuyers();
const prisma = () => ctx.t.app.db.prisma;
let n = 0;

async function tierId(name: string) {
  const list = (await ctx.t.app.inject({ method: 'GET', url: '/api/producer-tiers' })).json();
  return (list as { id: string; name: string }[]).find((t) => t.name === name)!.id;
}
async function open(agent: Agent, tier: string) {
  const res = await agent.post('/api/user/subscribe', { tier_id: await tierId(tier) });
  expect(res.statusCode).toBe(200);
  return (res.json().checkout_url as string).split('/').pop()!;
}
const pay = (agent: Agent, paymentId: string) => agent.post(`/api/checkout/local/account/${paymentId}/pay`);

async function expectOnePeriod(userId: string, agent: Agent) {
  const subs = await prisma().subscription.findMany({ where: { userId, status: 'active' } });
  expect(subs).toHaveLength(1);
  expect(await prisma().subscriptionPeriod.count({ where: { subscription: { userId } } })).toBe(1);
  expect(await prisma().invoice.count({ where: { userId, transactionType: 'subscription' } })).toBe(1);
  const credits = (await agent.get('/api/user/credits')).json().credits;
  expect(credits.credits_available).toBe(credits.credits_total_earned);
  return subs[0]!;
}

describe('one open subscription checkout per user', () => {
  it('opening another cancels the older one; paying them all at once activates only the newest', async () => {
    n += 1;
    const who = await member(ctx.t.app, `one.checkout.${n}@example.com`);
    const first = await open(who.agent, 'Pro');
    const second = await open(who.agent, 'Pro Annual');
    const third = await open(who.agent, 'Pro');
    const statuses = async () =>
      (
        await prisma().accountPayment.findMany({
          where: { id: { in: [first, second, third] } },
          orderBy: { createdAt: 'asc' },
        })
      ).map((p) => p.status);
    expect(await statuses()).toEqual(['cancelled', 'cancelled', 'pending']);

    const answers = await Promise.all([first, second, third].map((id) => pay(who.agent, id)));
    expect(answers.map((a) => a.statusCode)).toEqual([409, 409, 200]);
    expect(answers[0]!.json()).toEqual({ error: ACCOUNT_CHECKOUT_CLOSED.cancelled });
    expect(answers[2]!.json()).toMatchObject({ status: 'paid' });
    const active = await expectOnePeriod(who.id, who.agent);
    expect(active.tierId).toBe(await tierId('Pro'));
    expect((await who.agent.get('/api/user/credits')).json().credits.credits_available).toBe(500);
    await expectLedgerInvariants(ctx.t.app);
  });

  it('checkouts opened at the same moment leave exactly one open; paying all at once: no 500, one period', async () => {
    n += 1;
    const who = await member(ctx.t.app, `burst.checkout.${n}@example.com`);
    const ids = await Promise.all(
      ['Pro', 'Pro Annual', 'Pro', 'Pro Annual'].map((tier) => open(who.agent, tier)),
    );
    const pending = await prisma().accountPayment.findMany({ where: { userId: who.id, status: 'pending' } });
    expect(pending).toHaveLength(1);

    const answers = await Promise.all(ids.flatMap((id) => [pay(who.agent, id), pay(who.agent, id)]));
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    const paid = answers.filter((a) => a.statusCode === 200);
    expect(new Set(paid.map((a) => a.json().id))).toEqual(new Set([pending[0]!.id]));
    await expectOnePeriod(who.id, who.agent);
    await expectLedgerInvariants(ctx.t.app);
  });
});
