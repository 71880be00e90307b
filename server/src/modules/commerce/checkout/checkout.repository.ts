import type { PrismaClient } from '../../../generated/prisma/client';

/** The Stripe event ids already received: each event is acted on once however often it comes. */
export function createCheckoutRepository(prisma: PrismaClient) {
  return {
    /** Records the event id; false when it was already recorded (a redelivery). */
    async recordEvent(id: string, type: string): Promise<boolean> {
      const inserted = await prisma.$executeRaw`
        INSERT INTO stripe_events (id, type) VALUES (${id}, ${type}) ON CONFLICT (id) DO NOTHING`;
      return inserted > 0;
    },

    /** Forgets an event whose handling failed, so Stripe's next delivery is handled again. */
    async forgetEvent(id: string): Promise<void> {
      await prisma.stripeEvent.deleteMany({ where: { id } });
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
