import type { PaymentMethod, PaymentType } from '@beatroom/shared/money-contract';
import type { PrismaClient } from '../../../generated/prisma/client';

type MethodRow = {
  id: string;
  paymentType: string;
  cardBrand: string | null;
  cardLastFour: string | null;
  cardExpMonth: number | null;
  cardExpYear: number | null;
  paypalEmail: string | null;
  isDefault: boolean;
};

const toMethod = (row: MethodRow): PaymentMethod => ({
  id: row.id,
  payment_type: row.paymentType as PaymentType,
  card_brand: row.cardBrand,
  card_last_four: row.cardLastFour,
  card_exp_month: row.cardExpMonth,
  card_exp_year: row.cardExpYear,
  paypal_email: row.paypalEmail,
  is_default: row.isDefault,
});

export type NewLocalMethod = Omit<PaymentMethod, 'id' | 'is_default'>;

/**
 * Saved payment methods of the local test provider, and each user's customer id at a payment
 * provider (Stripe). Stripe's saved methods live at Stripe and are never stored here.
 */
export function createPaymentsRepository(prisma: PrismaClient) {
  return {
    async localMethods(userId: string): Promise<PaymentMethod[]> {
      const rows = await prisma.paymentMethod.findMany({
        where: { userId },
        orderBy: [{ isDefault: 'desc' }, { createdAt: 'desc' }, { id: 'asc' }],
      });
      return rows.map(toMethod);
    },

    async localMethod(userId: string, id: string): Promise<PaymentMethod | null> {
      const row = await prisma.paymentMethod.findFirst({ where: { id, userId } });
      return row ? toMethod(row) : null;
    },

    /** Saves a method; the user's first one becomes their default. */
    async saveLocalMethod(userId: string, method: NewLocalMethod): Promise<PaymentMethod> {
      return prisma.$transaction(async (tx) => {
        const hasDefault = (await tx.paymentMethod.count({ where: { userId, isDefault: true } })) > 0;
        const row = await tx.paymentMethod.create({
          data: {
            userId,
            paymentType: method.payment_type,
            cardBrand: method.card_brand,
            cardLastFour: method.card_last_four,
            cardExpMonth: method.card_exp_month,
            cardExpYear: method.card_exp_year,
            paypalEmail: method.paypal_email,
            isDefault: !hasDefault,
          },
        });
        return toMethod(row);
      });
    },

    /** Deletes the user's method (false if it is not theirs); a removed default passes to the newest. */
    async deleteLocalMethod(userId: string, id: string): Promise<boolean> {
      return prisma.$transaction(async (tx) => {
        const row = await tx.paymentMethod.findFirst({ where: { id, userId } });
        if (!row) return false;
        await tx.paymentMethod.delete({ where: { id } });
        if (row.isDefault) {
          const next = await tx.paymentMethod.findFirst({
            where: { userId },
            orderBy: { createdAt: 'desc' },
          });
          if (next) await tx.paymentMethod.update({ where: { id: next.id }, data: { isDefault: true } });
        }
        return true;
      });
    },

    async customerId(userId: string, provider: string): Promise<string | null> {
      const row = await prisma.paymentCustomer.findUnique({
        where: { userId_provider: { userId, provider } },
      });
      return row?.customerId ?? null;
    },

    /**
     * Remembers the user's customer id; when two requests created one at once, the first stored
     * wins and is returned, so a user keeps one customer.
     */
    async saveCustomerId(userId: string, provider: string, customerId: string): Promise<string> {
      await prisma.paymentCustomer.createMany({
        data: [{ userId, provider, customerId }],
        skipDuplicates: true,
      });
      return (await this.customerId(userId, provider))!;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
