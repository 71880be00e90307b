import type { Prisma, PrismaClient } from '../../../generated/prisma/client';
import type { Tx } from '../../../db/transaction';

/** What naming a user takes: their profile's display name, account name or id. */
const nameSelect = { id: true, name: true, email: true, profile: { select: { displayName: true } } } as const;

const ticketInclude = {
  user: { select: nameSelect },
  assignee: { select: nameSelect },
  attachments: { where: { messageId: null }, select: { key: true }, orderBy: { createdAt: 'asc' } },
} as const;
export type TicketRow = Prisma.SupportTicketGetPayload<{ include: typeof ticketInclude }>;

const messageInclude = {
  sender: { select: nameSelect },
  attachments: { select: { key: true }, orderBy: { createdAt: 'asc' } },
} as const;
export type MessageRow = Prisma.SupportMessageGetPayload<{ include: typeof messageInclude }>;

export interface TicketRecord {
  id: string;
  ticketNumber: string;
  userId: string;
  status: string;
  priority: string;
  assignedTo: string | null;
  adminNotes: string | null;
}

export interface TicketFilter {
  status?: string | undefined;
  priority?: string | undefined;
  category?: string | undefined;
  search?: string | undefined;
}

/** The tickets and their threads. Only this file and the attachments' touch the support tables. */
export function createSupportRepository(prisma: PrismaClient) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return prisma.$transaction(work);
    },

    async findTicket(ticketNumber: string): Promise<TicketRecord | null> {
      return prisma.supportTicket.findUnique({
        where: { ticketNumber },
        select: {
          id: true,
          ticketNumber: true,
          userId: true,
          status: true,
          priority: true,
          assignedTo: true,
          adminNotes: true,
        },
      });
    },

    ticketRow(id: string): Promise<TicketRow> {
      return prisma.supportTicket.findUniqueOrThrow({ where: { id }, include: ticketInclude });
    },

    ownTicketRows(userId: string): Promise<TicketRow[]> {
      return prisma.supportTicket.findMany({
        where: { userId },
        orderBy: [{ lastActivityAt: 'desc' }, { id: 'desc' }],
        include: ticketInclude,
      });
    },

    ticketRows(filter: TicketFilter): Promise<TicketRow[]> {
      const search = filter.search;
      return prisma.supportTicket.findMany({
        where: {
          ...(filter.status ? { status: filter.status } : {}),
          ...(filter.priority ? { priority: filter.priority } : {}),
          ...(filter.category ? { category: filter.category } : {}),
          ...(search
            ? {
                OR: [
                  { ticketNumber: { contains: search, mode: 'insensitive' } },
                  { subject: { contains: search, mode: 'insensitive' } },
                  { description: { contains: search, mode: 'insensitive' } },
                  { user: { email: { contains: search, mode: 'insensitive' } } },
                  { user: { name: { contains: search, mode: 'insensitive' } } },
                  { user: { profile: { displayName: { contains: search, mode: 'insensitive' } } } },
                ],
              }
            : {}),
        },
        orderBy: [{ lastActivityAt: 'desc' }, { id: 'desc' }],
        take: 500,
        include: ticketInclude,
      });
    },

    /** Messages per ticket; internal notes counted only with `withInternal`. */
    async messageCounts(ticketIds: string[], withInternal: boolean): Promise<Map<string, number>> {
      if (!ticketIds.length) return new Map();
      const grouped = await prisma.supportMessage.groupBy({
        by: ['ticketId'],
        where: { ticketId: { in: ticketIds }, ...(withInternal ? {} : { isInternal: false }) },
        _count: { _all: true },
      });
      return new Map(grouped.map((g) => [g.ticketId, g._count._all]));
    },

    /** The next number of the ticket sequence. */
    async nextTicketSequence(tx: Tx): Promise<bigint> {
      const [row] = await tx.$queryRaw<{ n: bigint }[]>`SELECT nextval('support_ticket_number_seq') AS n`;
      return row!.n;
    },

    async insertTicket(
      tx: Tx,
      data: {
        userId: string;
        ticketNumber: string;
        subject: string;
        category: string;
        priority: string;
        description: string;
      },
    ): Promise<string> {
      const ticket = await tx.supportTicket.create({ data, select: { id: true } });
      return ticket.id;
    },

    insertMessage(
      tx: Tx,
      ticketId: string,
      message: { senderId: string; messageType: 'user' | 'admin'; message: string; isInternal: boolean },
    ): Promise<{ id: string; createdAt: Date }> {
      return tx.supportMessage.create({
        data: { ticketId, ...message },
        select: { id: true, createdAt: true },
      });
    },

    async setLastActivity(tx: Tx, ticketId: string, at: Date): Promise<void> {
      await tx.supportTicket.update({ where: { id: ticketId }, data: { lastActivityAt: at } });
    },

    /** Sets the ticket's first response time unless it has one. */
    async setFirstResponse(tx: Tx, ticketId: string, at: Date): Promise<void> {
      await tx.supportTicket.updateMany({
        where: { id: ticketId, firstResponseAt: null },
        data: { firstResponseAt: at },
      });
    },

    /** Oldest first; internal notes only with `withInternal`. */
    messageRows(ticketId: string, withInternal: boolean): Promise<MessageRow[]> {
      return prisma.supportMessage.findMany({
        where: { ticketId, ...(withInternal ? {} : { isInternal: false }) },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        include: messageInclude,
      });
    },

    /** Applies the changed fields, the ticket's last activity being now. */
    async updateTicket(
      tx: Tx,
      ticketId: string,
      data: { status?: string; priority?: string; assignedTo?: string | null; adminNotes?: string | null },
    ): Promise<void> {
      await tx.supportTicket.update({
        where: { id: ticketId },
        data: { ...data, lastActivityAt: new Date() },
      });
    },

    async stats() {
      const [byStatus, byCategory, [avg]] = await Promise.all([
        prisma.supportTicket.groupBy({ by: ['status'], _count: { _all: true } }),
        prisma.supportTicket.groupBy({ by: ['category'], _count: { _all: true } }),
        prisma.$queryRaw<{ hours: number | null }[]>`
          SELECT (avg(EXTRACT(EPOCH FROM (first_response_at - created_at))) / 3600)::float8 AS hours
          FROM support_tickets WHERE first_response_at IS NOT NULL`,
      ]);
      return {
        byStatus: new Map(byStatus.map((g) => [g.status, g._count._all])),
        byCategory: new Map(byCategory.map((g) => [g.category, g._count._all])),
        avgHours: avg?.hours ?? null,
      };
    },

    /** Admins and owners (flag or role), plus the allow-list address; deleted accounts never. */
    adminRows(allowListEmail: string) {
      return prisma.user.findMany({
        where: {
          deletedAt: null,
          OR: [
            { isAdmin: true },
            { isOwner: true },
            { role: { in: ['admin', 'owner'] } },
            { email: { equals: allowListEmail, mode: 'insensitive' } },
          ],
        },
        select: { ...nameSelect, isOwner: true, role: true },
        orderBy: { createdAt: 'asc' },
      });
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
