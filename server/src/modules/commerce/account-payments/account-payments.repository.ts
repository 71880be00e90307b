import type { TRANSACTION_TYPES } from '@beatroom/shared/money-contract';
import { formatInvoiceNumber, type InvoiceItem, type PaymentType } from '@beatroom/shared/money-contract';
import type {
  AccountPayment,
  AccountPaymentKind,
  AccountPaymentStatus,
} from '@beatroom/shared/subscriptions-contract';
import type { Tx } from '../../../db/transaction';
import { lockLivingUsers } from '../../../db/user-lock';
import type { PrismaClient } from '../../../generated/prisma/client';

type Row = Awaited<ReturnType<PrismaClient['accountPayment']['findUniqueOrThrow']>>;

/**
 * An account payment as the service works with it: the contract shape plus what only the server
 * sees, in the contract's naming (the response schema leaves the server's fields out).
 */
export interface AccountPaymentRecord extends AccountPayment {
  user_id: string;
  ref_id: string;
  save_payment_method: boolean;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  status_reason: string | null;
}

function toRecord(row: Row): AccountPaymentRecord {
  return {
    id: row.id,
    kind: row.kind as AccountPaymentKind,
    description: row.description,
    amount_cents: row.amountCents,
    currency: 'USD',
    status: row.status as AccountPaymentStatus,
    provider: row.provider as AccountPayment['provider'],
    payment_method_type: row.paymentMethodType as PaymentType,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    return_path: row.returnPath,
    user_id: row.userId,
    ref_id: row.refId,
    save_payment_method: row.savePaymentMethod,
    provider_session_id: row.providerSessionId,
    provider_payment_id: row.providerPaymentId,
    status_reason: row.statusReason,
  };
}

export interface NewAccountPayment {
  userId: string;
  kind: AccountPaymentKind;
  refId: string;
  description: string;
  amountCents: number;
  provider: 'local' | 'stripe';
  paymentMethodType: PaymentType;
  savePaymentMethod: boolean;
  returnPath: string;
  expiresAt: Date;
}

/** One invoice for a paid account thing. */
export interface NewInvoice {
  userId: string;
  /** Unique per paid thing: a second report of the same payment writes nothing. */
  sourceKey: string;
  transactionType: (typeof TRANSACTION_TYPES)[number];
  items: InvoiceItem[];
  paymentProvider: string;
  /** card | paypal | apple_pay | google_pay | credits */
  paymentMethodType: string;
  subtotalCents: number;
  discountCents?: number;
  totalCents: number;
  paymentDate: Date;
}

/**
 * Payments whose settlement queues behind one row lock, and the embedded database runs one
 * transaction at a time: a burst of deliveries must wait its turn instead of failing after 2 s.
 */
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

/**
 * Writes an invoice numbered BR-<year>-<n> unless one exists for its source key; answers the
 * number, or null when the thing was invoiced already. Callers hold the lock of what is paid
 * (the payment or subscription row), so two reports of one payment never race here.
 */
export async function insertInvoice(tx: Tx, invoice: NewInvoice): Promise<string | null> {
  const existing = await tx.invoice.findUnique({ where: { sourceKey: invoice.sourceKey } });
  if (existing) return null;
  const year = invoice.paymentDate.getUTCFullYear();
  const [counter] = await tx.$queryRaw<{ last_number: number }[]>`
    INSERT INTO invoice_counters (year, last_number) VALUES (${year}, 1)
    ON CONFLICT (year) DO UPDATE SET last_number = invoice_counters.last_number + 1
    RETURNING last_number`;
  const invoiceNumber = formatInvoiceNumber(year, counter!.last_number);
  const discount = invoice.discountCents ?? 0;
  await tx.invoice.create({
    data: {
      invoiceNumber,
      userId: invoice.userId,
      sourceKey: invoice.sourceKey,
      items: invoice.items,
      paymentDate: invoice.paymentDate,
      transactionType: invoice.transactionType,
      status: 'paid',
      paymentProvider: invoice.paymentProvider,
      paymentMethodType: invoice.paymentMethodType,
      currency: 'USD',
      subtotalCents: invoice.subtotalCents,
      discountCents: discount,
      totalCents: invoice.totalCents,
    },
  });
  return invoiceNumber;
}

/**
 * Account payments (credits packs, promotions by card, subscriptions' first periods): created
 * pending, settled once under a row lock, closed when their checkout ends unpaid.
 */
export function createAccountPaymentsRepository(prisma: PrismaClient) {
  return {
    /**
     * Creates a pending payment. The payer's payments of one kind are created one at a time (a
     * transaction-scoped advisory lock) and stamped after the lock is held, so their creation
     * order is their commit order: of two opened at once, the newer always sees the older when it
     * cancels what came before it (`pendingBefore`). Stamped by the database default instead, the
     * older could commit after the newer had looked, and both stay open.
     */
    async create(payment: NewAccountPayment): Promise<AccountPaymentRecord> {
      return prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`account-payment:${payment.userId}:${payment.kind}`}))`;
        return toRecord(await tx.accountPayment.create({ data: { ...payment, createdAt: new Date() } }));
      });
    },

    async find(id: string): Promise<AccountPaymentRecord | null> {
      const row = await prisma.accountPayment.findUnique({ where: { id } });
      return row ? toRecord(row) : null;
    },

    async setSession(id: string, sessionId: string): Promise<void> {
      await prisma.accountPayment.update({ where: { id }, data: { providerSessionId: sessionId } });
    },

    /** The payer's pending payments of the same kind opened before this one (oldest first). */
    async pendingBefore(newest: AccountPaymentRecord): Promise<AccountPaymentRecord[]> {
      const created = new Date(newest.created_at);
      const rows = await prisma.accountPayment.findMany({
        where: {
          userId: newest.user_id,
          kind: newest.kind,
          status: 'pending',
          OR: [{ createdAt: { lt: created } }, { createdAt: created, id: { lt: newest.id } }],
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      return rows.map(toRecord);
    },

    /** Pending payments whose checkout time is over (the caller closes each under its lock). */
    async pendingDue(at: Date): Promise<AccountPaymentRecord[]> {
      const due = await prisma.accountPayment.findMany({
        where: { status: 'pending', expiresAt: { lte: at } },
        orderBy: { expiresAt: 'asc' },
        take: 500,
      });
      return due.map(toRecord);
    },

    /**
     * Runs `settle` in one transaction holding the payment's row lock, so whichever report of a
     * payment comes first settles it and every later one finds it paid. The payer's user row is
     * locked before the payment's (db/user-lock.ts: the order account deletion takes too), and
     * `payerAlive` says whether their account still exists.
     */
    withLockedPayment<T>(
      id: string,
      settle: (tx: Tx, payment: AccountPaymentRecord | null, payerAlive: boolean) => Promise<T>,
    ): Promise<T> {
      return prisma.$transaction(async (tx) => {
        const [payer] = await tx.$queryRaw<{ user_id: string }[]>`
          SELECT user_id::text FROM account_payments WHERE id = ${id}::uuid`;
        const alive = payer ? (await lockLivingUsers(tx, [payer.user_id])).has(payer.user_id) : false;
        const locked = await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM account_payments WHERE id = ${id}::uuid FOR UPDATE`;
        if (!locked.length) return settle(tx, null, false);
        const row = await tx.accountPayment.findUniqueOrThrow({ where: { id } });
        return settle(tx, toRecord(row), alive);
      }, TRANSACTION_OPTIONS);
    },

    async markPaid(tx: Tx, id: string, providerPaymentId: string, at: Date): Promise<void> {
      await tx.accountPayment.update({
        where: { id },
        data: { status: 'paid', statusReason: null, paidAt: at, providerPaymentId },
      });
    },

    async closeLocked(
      tx: Tx,
      id: string,
      status: Exclude<AccountPaymentStatus, 'pending' | 'paid'>,
      reason: string,
    ): Promise<void> {
      await tx.accountPayment.update({ where: { id }, data: { status, statusReason: reason } });
    },

    async markFailed(tx: Tx, id: string, reason: string, providerPaymentId: string): Promise<void> {
      await tx.accountPayment.update({
        where: { id },
        data: { status: 'failed', statusReason: reason, providerPaymentId },
      });
    },

    insertInvoice,
  };
}

export type AccountPaymentsRepository = ReturnType<typeof createAccountPaymentsRepository>;
