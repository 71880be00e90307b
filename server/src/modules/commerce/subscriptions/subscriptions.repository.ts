import type { Tx } from '../../../db/transaction';
import type { PrismaClient } from '../../../generated/prisma/client';

/** Live: the tier's powers apply (a failed renewal keeps them until the provider gives up). */
export const LIVE_STATUSES = ['active', 'past_due'] as const;

const withTiers = { tier: true, scheduledTier: true } as const;

export type TierRow = Awaited<ReturnType<PrismaClient['producerTier']['findUniqueOrThrow']>>;
export type SubscriptionRow = Awaited<ReturnType<PrismaClient['subscription']['findUniqueOrThrow']>> & {
  tier: TierRow;
  scheduledTier: TierRow | null;
};

export interface NewPeriod {
  subscriptionId: string;
  tierId: string;
  periodStart: Date;
  periodEnd: Date;
  amountCents: number;
  paymentRef: string;
  invoiceNumber: string;
}

export type SubscriptionChange = Partial<{
  tierId: string;
  status: 'incomplete' | 'active' | 'past_due' | 'ended';
  providerSubscriptionId: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  scheduledTierId: string | null;
  endedAt: Date | null;
}>;

/** A renewal and a webhook for one subscription queue on its row lock. */
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

/** Producer tiers, users' subscriptions and their paid periods. */
export function createSubscriptionsRepository(prisma: PrismaClient) {
  return {
    tiers(): Promise<TierRow[]> {
      return prisma.producerTier.findMany({ orderBy: [{ sortOrder: 'asc' }, { priceCents: 'asc' }] });
    },

    tier(id: string): Promise<TierRow | null> {
      return prisma.producerTier.findUnique({ where: { id } });
    },

    async freeTier(db: Tx | PrismaClient = prisma): Promise<TierRow> {
      return db.producerTier.findUniqueOrThrow({ where: { slug: 'free' } });
    },

    /** A tier's price in cents by slug, or null when no such tier exists. */
    async tierPrice(slug: string, db: Tx | PrismaClient = prisma): Promise<number | null> {
      const row = await db.producerTier.findUnique({ where: { slug }, select: { priceCents: true } });
      return row?.priceCents ?? null;
    },

    /** The tier's id and price under its row lock (two admins editing it queue up), or null. */
    async lockTierPrice(tx: Tx, slug: string): Promise<{ id: string; priceCents: number } | null> {
      const [row] = await tx.$queryRaw<{ id: string; price_cents: number }[]>`
        SELECT id::text AS id, price_cents FROM producer_tiers WHERE slug = ${slug} FOR UPDATE`;
      return row ? { id: row.id, priceCents: row.price_cents } : null;
    },

    async setTierPrice(tx: Tx, id: string, priceCents: number): Promise<void> {
      await tx.producerTier.update({ where: { id }, data: { priceCents } });
    },

    /** Live subscriptions of a tier that Stripe bills: their Stripe price follows the tier's. */
    async liveStripeOfTier(tierId: string): Promise<string[]> {
      const rows = await prisma.subscription.findMany({
        where: { tierId, status: { in: [...LIVE_STATUSES] }, providerSubscriptionId: { not: null } },
        select: { providerSubscriptionId: true },
      });
      return rows.map((r) => r.providerSubscriptionId!);
    },

    async setTierProduct(tierId: string, productId: string): Promise<void> {
      await prisma.producerTier.update({ where: { id: tierId }, data: { stripeProductId: productId } });
    },

    /** The user's live subscription (at most one: a partial unique index says so). */
    live(userId: string, db: Tx | PrismaClient = prisma): Promise<SubscriptionRow | null> {
      return db.subscription.findFirst({
        where: { userId, status: { in: [...LIVE_STATUSES] } },
        include: withTiers,
      });
    },

    byId(id: string): Promise<SubscriptionRow | null> {
      return prisma.subscription.findUnique({ where: { id }, include: withTiers });
    },

    byProviderId(providerSubscriptionId: string): Promise<SubscriptionRow | null> {
      return prisma.subscription.findUnique({ where: { providerSubscriptionId }, include: withTiers });
    },

    createIncomplete(s: {
      userId: string;
      tierId: string;
      provider: 'local' | 'stripe';
      paymentMethodType: string;
    }): Promise<SubscriptionRow> {
      return prisma.subscription.create({ data: s, include: withTiers });
    },

    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work, TRANSACTION_OPTIONS);
    },

    /** The subscription under its row lock, or null. */
    async lock(tx: Tx, id: string): Promise<SubscriptionRow | null> {
      const locked = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM subscriptions WHERE id = ${id}::uuid FOR UPDATE`;
      if (!locked.length) return null;
      return tx.subscription.findUniqueOrThrow({ where: { id }, include: withTiers });
    },

    async update(tx: Tx, id: string, change: SubscriptionChange): Promise<SubscriptionRow> {
      return tx.subscription.update({ where: { id }, data: change, include: withTiers });
    },

    /** Ends every other live subscription of the user (a newer one was paid for). */
    async endOthers(tx: Tx, userId: string, keepId: string, at: Date): Promise<string[]> {
      const others = await tx.subscription.findMany({
        where: { userId, status: { in: [...LIVE_STATUSES] }, id: { not: keepId } },
        select: { id: true, providerSubscriptionId: true },
      });
      if (others.length) {
        await tx.subscription.updateMany({
          where: { id: { in: others.map((o) => o.id) } },
          data: { status: 'ended', endedAt: at, scheduledTierId: null },
        });
      }
      return others.flatMap((o) => (o.providerSubscriptionId ? [o.providerSubscriptionId] : []));
    },

    async periodExists(tx: Tx, subscriptionId: string, periodStart: Date): Promise<boolean> {
      const row = await tx.subscriptionPeriod.findUnique({
        where: { subscriptionId_periodStart: { subscriptionId, periodStart } },
      });
      return !!row;
    },

    async insertPeriod(tx: Tx, period: NewPeriod): Promise<void> {
      await tx.subscriptionPeriod.create({ data: period });
    },

    /** Local subscriptions whose period is over: renewed or ended by the job. */
    async dueLocal(at: Date, subscriptionId?: string): Promise<string[]> {
      const rows = await prisma.subscription.findMany({
        where: {
          provider: 'local',
          status: { in: [...LIVE_STATUSES] },
          currentPeriodEnd: { lte: at },
          ...(subscriptionId ? { id: subscriptionId } : {}),
        },
        select: { id: true },
        orderBy: { currentPeriodEnd: 'asc' },
        take: 500,
      });
      return rows.map((r) => r.id);
    },

    /** Every subscription of the user that a provider still bills (account deletion). */
    async providerSubscriptions(tx: Tx, userId: string): Promise<string[]> {
      const rows = await tx.subscription.findMany({
        where: { userId, providerSubscriptionId: { not: null }, status: { not: 'ended' } },
        select: { providerSubscriptionId: true },
      });
      return rows.map((r) => r.providerSubscriptionId!);
    },

    async removeAll(tx: Tx, userId: string): Promise<void> {
      await tx.subscription.deleteMany({ where: { userId } });
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
