import type { FastifyInstance } from 'fastify';
import type { Agent } from './helpers';

/** Subscribes through the real route and the local test checkout's Pay. */
export async function subscribeTo(agent: Agent, tierName: string): Promise<void> {
  const tiers = (await agent.get('/api/producer-tiers')).json() as { id: string; name: string }[];
  const tier = tiers.find((x) => x.name === tierName);
  if (!tier) throw new Error(`no tier named ${tierName}`);
  const res = await agent.post('/api/user/subscribe', { tier_id: tier.id, payment_method: 'new_card' });
  if (res.statusCode !== 200) throw new Error(`subscribe failed: ${res.statusCode} ${res.body}`);
  const paymentId = new URL(res.json().checkout_url as string).pathname.split('/').pop();
  const paid = await agent.post(`/api/checkout/local/account/${paymentId}/pay`);
  if (paid.statusCode !== 200)
    throw new Error(`subscription payment failed: ${paid.statusCode} ${paid.body}`);
}

let grants = 0;

/** Puts credits on a user's balance through the ledger, as a bought pack would. */
export async function giveCredits(app: FastifyInstance, userId: string, amount: number): Promise<void> {
  grants += 1;
  const key = `test-grant-${process.pid}-${grants}`;
  await app.db.prisma.$transaction((tx) =>
    app.credits.grant(tx, { userId, amount, kind: 'purchased', description: 'Test pack', key }),
  );
}
