import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { licencePriceCents } from '@beatroom/shared/format';
import type { LicenseId } from '@beatroom/shared/money-constants';
import type { Agent } from './helpers';

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
 * Buys a licence the way a browser does on the local test checkout: purchase, then Pay on the
 * checkout page. Answers the order id; throws if any step is refused.
 */
export async function buyLocally(
  agent: Agent,
  beat: { id: string; priceCents: number },
  license: LicenseId,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const price_cents = licencePriceCents(beat.priceCents, license);
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
