import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { licencePriceCents } from '@beatroom/shared/format-money';
import type { LicenseId } from '@beatroom/shared/money-constants';
import type { LicenseOption } from '@beatroom/shared/money-contract';
import { afterAll, beforeAll } from 'vitest';
import { member } from './community-fixtures';
import { FakeStripe } from './fake-stripe';
import { createTestApp, type Agent } from './helpers';

export type ProducerAndBuyers = {
  t: Awaited<ReturnType<typeof createTestApp>>;
  producer: Awaited<ReturnType<typeof member>>;
  ann: Awaited<ReturnType<typeof member>>;
  bob: Awaited<ReturnType<typeof member>>;
};

/**
 * Registers beforeAll/afterAll for a fresh app with a producer and two buyers, Ann and Bob,
 * signed in; the returned object is filled in once beforeAll has run.
 */
function useSellingApp(withStripe: boolean) {
  const ctx = {} as ProducerAndBuyers & { fake?: FakeStripe };
  beforeAll(async () => {
    // The fake must listen before the app is built: its address is part of the app's config.
    if (withStripe) ctx.fake = await new FakeStripe().start();
    ctx.t = await createTestApp({}, ctx.fake?.env() ?? {});
    ctx.producer = await member(ctx.t.app, 'producer@example.com');
    ctx.ann = await member(ctx.t.app, 'ann@example.com');
    ctx.bob = await member(ctx.t.app, 'bob@example.com');
  });
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.fake?.close();
  });
  return ctx;
}

/** A producer and two buyers on an app that sells through the local test checkout. */
export const useProducerAndBuyers = (): ProducerAndBuyers => useSellingApp(false);

/** A producer and two buyers on an app that sells through a fake Stripe. */
export const useProducerAndBuyersOnStripe = () =>
  useSellingApp(true) as ProducerAndBuyers & { fake: FakeStripe };

let beatNumber = 0;

/** A beat for sale, written straight to the database (priced in USD cents; 2999 by default). */
export async function insertPricedBeat(
  app: FastifyInstance,
  userId: string,
  fields: Partial<{ title: string; priceCents: number; isFree: boolean }> = {},
) {
  beatNumber += 1;
  return app.db.prisma.beat.create({
    data: {
      userId,
      title: fields.title ?? `For sale ${beatNumber}`,
      genre: 'Trap',
      audioFileKey: `audio/${randomUUID()}.wav`,
      priceCents: fields.priceCents ?? 2999,
      isFree: fields.isFree ?? false,
      producerName: 'Producer',
    },
  });
}

/**
 * Buys a licence the way a browser does on the local test checkout: purchase at the price the
 * licence cards show this buyer (the difference, for a holder of a lower licence), then Pay on
 * the checkout page. Answers the order id; throws if any step is refused.
 */
export async function buyLocally(
  agent: Agent,
  beat: { id: string; priceCents: number },
  license: LicenseId,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const cards = await agent.get(`/api/beats/${beat.id}/licenses`);
  const card =
    cards.statusCode === 200
      ? (cards.json() as LicenseOption[]).find((o) => o.license_type === license)
      : undefined;
  const price_cents = card?.price_cents ?? licencePriceCents(beat.priceCents, license);
  const res = await agent.post(`/api/beats/${beat.id}/purchase`, {
    license_type: license,
    price_cents,
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
  const { order_id } = res.json() as { order_id: string };
  const paid = await agent.post(`/api/checkout/local/${order_id}/pay`);
  if (paid.statusCode !== 200 || paid.json().status !== 'paid') {
    throw new Error(`local payment failed: ${paid.statusCode} ${paid.body}`);
  }
  return order_id;
}
