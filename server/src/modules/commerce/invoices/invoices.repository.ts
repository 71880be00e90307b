import type { PrismaClient } from '../../../generated/prisma/client';
import { displayName } from '@beatroom/shared/format-names';
import { displayNameOf, userNameSelect } from '../../../db/user-columns';

const partySelect = { ...userNameSelect, id: true, email: true } as const;

/** A party as documents name it: profile name, account name, or the "User 1a2b3c4d" fallback. */
function party(user: {
  id: string;
  email: string;
  name: string | null;
  profile: { displayName: string | null } | null;
}) {
  return { id: user.id, name: displayName(displayNameOf(user), user.id), email: user.email };
}

/** Invoices and the paid orders behind licence agreements, read for their owners. */
export function createInvoicesRepository(prisma: PrismaClient) {
  return {
    /** One page of the user's invoices, newest first, and how many there are in all. */
    async page(userId: string, page: number, limit: number) {
      const [rows, total] = await Promise.all([
        prisma.invoice.findMany({
          where: { userId },
          orderBy: [{ paymentDate: 'desc' }, { invoiceNumber: 'desc' }],
          skip: (page - 1) * limit,
          take: limit,
          include: {
            refunds: {
              select: { full: true, creditNote: true },
              orderBy: { createdAt: 'asc' },
            },
          },
        }),
        prisma.invoice.count({ where: { userId } }),
      ]);
      return { rows, total };
    },

    /** An invoice with its buyer and, for a beat purchase, the producer who sold. */
    async byNumber(invoiceNumber: string) {
      const row = await prisma.invoice.findUnique({
        where: { invoiceNumber },
        include: {
          user: { select: partySelect },
          order: { select: { id: true, producer: { select: partySelect } } },
        },
      });
      if (!row) return null;
      return {
        ...row,
        buyer: party(row.user),
        seller: row.order ? party(row.order.producer) : null,
      };
    },

    /** A credit note with the user it was issued to and the seller of the invoice it corrects. */
    async creditNote(creditNoteNumber: string) {
      const row = await prisma.creditNote.findUnique({
        where: { creditNoteNumber },
        include: {
          user: { select: partySelect },
          refund: { select: { order: { select: { producer: { select: partySelect } } } } },
        },
      });
      if (!row) return null;
      const producer = row.refund.order?.producer;
      return { ...row, buyer: party(row.user), seller: producer ? party(producer) : null };
    },

    /**
     * A paid order's licence (of one beat of the order, its first line's without one) with both
     * parties and the beat, or null when none was granted.
     */
    async licence(orderId: string, beatId?: string) {
      const row = await prisma.license.findFirst({
        where: { orderId, ...(beatId ? { beatId } : {}) },
        orderBy: { line: { position: 'asc' } },
        select: {
          licenseType: true,
          line: { select: { amountCents: true, producerId: true, producer: { select: partySelect } } },
          createdAt: true,
          buyer: { select: partySelect },
          beat: { select: { id: true, title: true } },
          order: {
            select: {
              id: true,
              producerId: true,
              amountCents: true,
              currency: true,
              paidAt: true,
              producer: { select: partySelect },
              invoice: { select: { invoiceNumber: true } },
            },
          },
        },
      });
      if (!row) return null;
      return {
        licenseType: row.licenseType,
        orderId: row.order.id,
        // A cart order's line has its own producer and price; an old licence has no line.
        producerId: row.line?.producerId ?? row.order.producerId,
        invoiceNumber: row.order.invoice?.invoiceNumber ?? null,
        date: row.order.paidAt ?? row.createdAt,
        amountCents: row.line?.amountCents ?? row.order.amountCents,
        currency: row.order.currency,
        beat: row.beat,
        buyer: party(row.buyer),
        producer: party(row.line?.producer ?? row.order.producer),
      };
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
