import { LICENSE_IDS, type LicenseId } from '@beatroom/shared/money-constants';
import type { Order, OrderStatus, PaymentType } from '@beatroom/shared/money-contract';
import { licenseName, type Holding } from '@beatroom/shared/licensing';
import { saleBeatSelect } from '../../../db/beat-columns';
import type { Tx } from '../../../db/transaction';
import { Prisma, type PrismaClient } from '../../../generated/prisma/client';

/** Statuses an order can still leave: it may yet be paid. */
const OPEN = 'pending';

/** A licence's revoked_reason once an upgrade replaced it (the upgrade's licence is in force). */
export const LICENSE_REPLACED = 'upgraded';

const orderInclude = {
  beat: { select: { title: true, producerName: true, coverImageKey: true } },
  lines: {
    select: {
      beatId: true,
      licenseType: true,
      amountCents: true,
      discountCents: true,
      beat: { select: { title: true } },
    },
    orderBy: { position: 'asc' },
  },
} as const;
type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

/**
 * An order as the service works with it: the contract shape plus what only the server sees, in
 * the contract's naming (the response schema leaves the server's fields out).
 */
export interface OrderRecord extends Order {
  buyer_id: string;
  producer_id: string;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  provider_refund_id: string | null;
  save_payment_method: boolean;
  transfer_destination: string | null;
}

function toOrder(row: OrderRow): OrderRecord {
  const licenseType = row.licenseType as LicenseId;
  return {
    id: row.id,
    beat_id: row.beatId,
    beat_title: row.beat.title,
    producer_name: row.beat.producerName,
    cover_image_key: row.beat.coverImageKey,
    license_type: licenseType,
    license_name: licenseName(licenseType),
    amount_cents: row.amountCents,
    currency: row.currency as Order['currency'],
    status: row.status as OrderStatus,
    status_reason: row.statusReason,
    provider: row.provider as Order['provider'],
    payment_method_type: row.paymentMethodType as PaymentType,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    lines: row.lines.map((l) => ({
      beat_id: l.beatId,
      beat_title: l.beat.title,
      license_type: l.licenseType as LicenseId,
      license_name: licenseName(l.licenseType as LicenseId),
      amount_cents: l.amountCents,
      discount_cents: l.discountCents,
    })),
    buyer_id: row.buyerId,
    producer_id: row.producerId,
    provider_session_id: row.providerSessionId,
    provider_payment_id: row.providerPaymentId,
    provider_refund_id: row.providerRefundId,
    save_payment_method: row.savePaymentMethod,
    transfer_destination: row.transferDestination,
  };
}

export interface NewOrder {
  buyerId: string;
  beatId: string;
  producerId: string;
  licenseType: LicenseId;
  amountCents: number;
  feePercent: number;
  feeCents: number;
  provider: 'local' | 'stripe';
  paymentMethodType: PaymentType;
  savePaymentMethod: boolean;
  transferDestination: string | null;
  expiresAt: Date;
  /** An upgrade: the licence type it replaces once paid; null for a plain purchase. */
  upgradeFrom?: LicenseId | null;
}

/** What a line's price was discounted by (a coupon at a single purchase). */
export interface OrderDiscount {
  cents: number;
  reason: 'deal' | 'coupon';
}

/** Buyers of one beat queue here (the embedded database runs one transaction at a time). */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 };

/** Orders that take the beat's exclusive: as their own (first) beat or in one of their lines. */
export const exclusiveOf = (beatId: string) => ({
  OR: [{ beatId, licenseType: 'exclusive' }, { lines: { some: { beatId, licenseType: 'exclusive' } } }],
});

/** What `exclusiveGuarded` answers when another exclusive order holds the beat. */
export const EXCLUSIVE_HELD = Symbol('exclusive held');

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/**
 * Orders before and around payment: the beat being bought, reservations, creating, expiring and
 * cancelling orders. What happens once money arrives is fulfilment.repository.ts.
 */
export function createOrdersRepository(prisma: PrismaClient) {
  return {
    /** The beat columns a sale needs, or null for an unknown beat. */
    beat(beatId: string) {
      return prisma.beat.findUnique({
        where: { id: beatId },
        select: saleBeatSelect,
      });
    },

    /** Whether someone other than `exceptBuyerId` holds an open exclusive checkout on the beat. */
    async exclusiveReserved(beatId: string, now: Date, exceptBuyerId: string | null): Promise<boolean> {
      const count = await prisma.order.count({
        where: {
          ...exclusiveOf(beatId),
          status: OPEN,
          expiresAt: { gt: now },
          ...(exceptBuyerId ? { buyerId: { not: exceptBuyerId } } : {}),
        },
      });
      return count > 0;
    },

    async holdsLicense(buyerId: string, beatId: string, licenseType: LicenseId): Promise<boolean> {
      // A refunded (revoked) licence does not count: the buyer may buy it again.
      return (await prisma.license.count({ where: { buyerId, beatId, licenseType, revokedAt: null } })) > 0;
    },

    /**
     * What the buyer holds of the beat (licences in force) and what they paid for it: the orders
     * of the licences in force and of those an upgrade replaced, so an upgrade of an upgrade
     * counts every payment. Refunded licences count for neither.
     */
    async holding(buyerId: string, beatId: string): Promise<Holding> {
      const rows = await prisma.license.findMany({
        where: { buyerId, beatId, OR: [{ revokedAt: null }, { revokedReason: LICENSE_REPLACED }] },
        select: {
          licenseType: true,
          revokedAt: true,
          order: { select: { amountCents: true } },
          line: { select: { amountCents: true } },
        },
      });
      return {
        held: rows
          .filter((r) => r.revokedAt === null)
          .map((r) => r.licenseType)
          .filter((t): t is LicenseId => (LICENSE_IDS as readonly string[]).includes(t)),
        // What was paid for this beat: its line of the order (a cart order pays for several).
        paid_cents: rows.reduce((sum, r) => sum + (r.line?.amountCents ?? r.order.amountCents), 0),
      };
    },

    /** platform_fee_percent (admin setting), 0 when unset or not a number. */
    async platformFeePercent(): Promise<number> {
      const row = await prisma.platformSetting.findUnique({ where: { key: 'platform_fee_percent' } });
      const value = Number(row?.value ?? 0);
      return Number.isFinite(value) ? value : 0;
    },

    /** The producer's Stripe account when it can take charges (destination charges), else null. */
    async chargeableAccount(producerId: string): Promise<string | null> {
      const row = await prisma.payoutAccount.findUnique({ where: { userId: producerId } });
      return row?.chargesEnabled ? row.accountId : null;
    },

    /**
     * Runs `work` in one transaction and answers EXCLUSIVE_HELD instead when the partial unique
     * index (one open or paid exclusive order per beat) refused one of its inserts: the whole
     * transaction is then rolled back.
     */
    async exclusiveGuarded<T>(work: (tx: Tx) => Promise<T>): Promise<T | typeof EXCLUSIVE_HELD> {
      try {
        return await prisma.$transaction(work, TRANSACTION_OPTIONS);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return EXCLUSIVE_HELD;
      }
    },

    /** Marks the beat's open exclusive checkouts that ran out by `now` as expired. */
    async expireRunOutExclusives(tx: Tx, beatId: string, now: Date): Promise<void> {
      await tx.order.updateMany({
        where: { ...exclusiveOf(beatId), status: OPEN, expiresAt: { lte: now } },
        data: { status: 'expired', statusReason: 'Checkout expired' },
      });
    },

    /**
     * Cancels the buyer's open orders of one beat and licence with `reason`; answers the
     * provider sessions they had, to close there.
     */
    async cancelOpen(
      tx: Tx,
      open: { buyerId: string; beatId: string; licenseType: LicenseId },
      reason: string,
    ): Promise<string[]> {
      const where = { ...open, status: OPEN };
      const rows = await tx.order.findMany({ where, select: { providerSessionId: true } });
      await tx.order.updateMany({ where, data: { status: 'cancelled', statusReason: reason } });
      return rows.map((r) => r.providerSessionId).filter((id): id is string => !!id);
    },

    /** The order and its one line (a single purchase is an order of one line). */
    async insert(tx: Tx, input: NewOrder, discount?: OrderDiscount): Promise<OrderRecord> {
      const line = {
        position: 0,
        beatId: input.beatId,
        producerId: input.producerId,
        licenseType: input.licenseType,
        upgradeFrom: input.upgradeFrom ?? null,
        amountCents: input.amountCents,
        feeCents: input.feeCents,
        discountCents: discount?.cents ?? 0,
        discountReason: discount?.reason ?? null,
      };
      const data = { ...input, lines: { create: [line] } };
      return toOrder(await tx.order.create({ data, include: orderInclude }));
    },

    /** Whether an exclusive order of the beat has been paid. */
    async exclusiveSold(beatId: string): Promise<boolean> {
      return (await prisma.order.count({ where: { ...exclusiveOf(beatId), status: 'paid' } })) > 0;
    },

    async find(orderId: string): Promise<OrderRecord | null> {
      const row = await prisma.order.findUnique({ where: { id: orderId }, include: orderInclude });
      return row ? toOrder(row) : null;
    },

    async setSession(orderId: string, sessionId: string): Promise<void> {
      await prisma.order.update({ where: { id: orderId }, data: { providerSessionId: sessionId } });
    },

    /**
     * Ends an open order (expired, cancelled or failed) with a reason; false when it was no
     * longer open, e.g. paid meanwhile, which then stays as it is.
     */
    async close(
      orderId: string,
      status: 'expired' | 'cancelled' | 'failed',
      reason: string,
      buyerId?: string,
    ): Promise<boolean> {
      const { count } = await prisma.order.updateMany({
        where: { id: orderId, status: OPEN, ...(buyerId ? { buyerId } : {}) },
        data: { status, statusReason: reason },
      });
      return count > 0;
    },

    /** Expires every open order whose checkout time is over; answers their provider sessions. */
    async expireDue(now: Date): Promise<{ id: string; sessionId: string | null }[]> {
      const rows = await prisma.$queryRaw<{ id: string; provider_session_id: string | null }[]>`
        UPDATE orders SET status = 'expired', status_reason = 'Checkout expired', updated_at = now()
        WHERE status = 'pending' AND expires_at <= ${now}
        RETURNING id, provider_session_id`;
      return rows.map((r) => ({ id: r.id, sessionId: r.provider_session_id }));
    },

    /** Refunded orders whose refund the provider has not confirmed yet (a failed attempt). */
    async refundsToSend(limit = 50): Promise<OrderRecord[]> {
      const rows = await prisma.order.findMany({
        where: { status: 'refunded', providerRefundId: null, providerPaymentId: { not: null } },
        include: orderInclude,
        orderBy: { refundedAt: 'asc' },
        take: limit,
      });
      return rows.map(toOrder);
    },

    async setRefundId(orderId: string, refundId: string): Promise<void> {
      await prisma.order.update({ where: { id: orderId }, data: { providerRefundId: refundId } });
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
