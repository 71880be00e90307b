import { displayName } from '@beatroom/shared/format-names';
import type { SupportTicket, TicketMessage } from '@beatroom/shared/support-contract';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { Tx } from '../../db/transaction';

const nameSelect = { id: true, name: true, email: true, profile: { select: { displayName: true } } } as const;
type NamedUser = {
  id: string;
  name: string | null;
  email: string;
  profile: { displayName: string | null } | null;
};
const nameOf = (user: NamedUser) => displayName(user.profile?.displayName ?? user.name, user.id);

const ticketInclude = {
  user: { select: nameSelect },
  assignee: { select: nameSelect },
  attachments: { where: { messageId: null }, select: { key: true }, orderBy: { createdAt: 'asc' } },
} as const;
type TicketRow = Prisma.SupportTicketGetPayload<{ include: typeof ticketInclude }>;

/** Who is looking decides what a ticket shows: members never see notes, assignee or internal counts. */
export type Viewer = 'member' | 'admin';

function toTicket(row: TicketRow, messageCount: number, viewer: Viewer): SupportTicket {
  const admin = viewer === 'admin';
  return {
    ticket_number: row.ticketNumber,
    subject: row.subject,
    category: row.category as SupportTicket['category'],
    priority: row.priority as SupportTicket['priority'],
    status: row.status as SupportTicket['status'],
    description: row.description,
    created_at: row.createdAt.toISOString(),
    last_activity_at: row.lastActivityAt.toISOString(),
    user_name: nameOf(row.user),
    user_email: row.user.email,
    assigned_to: admin ? row.assignedTo : null,
    assigned_admin_name: admin && row.assignee ? nameOf(row.assignee) : null,
    admin_notes: admin ? row.adminNotes : null,
    message_count: messageCount,
    attachments: row.attachments.map((a) => a.key),
  };
}

export interface TicketRecord {
  id: string;
  ticketNumber: string;
  userId: string;
  status: string;
  priority: string;
  assignedTo: string | null;
  adminNotes: string | null;
}

export interface NewAttachment {
  key: string;
  uploaderId: string;
  contentType: string;
  sizeBytes: number;
  originalName: string | null;
}

/** The tickets, their threads and attachments. Only this file touches the support tables. */
export function createSupportRepository(prisma: PrismaClient) {
  async function counts(ticketIds: string[], viewer: Viewer): Promise<Map<string, number>> {
    if (!ticketIds.length) return new Map();
    const grouped = await prisma.supportMessage.groupBy({
      by: ['ticketId'],
      where: { ticketId: { in: ticketIds }, ...(viewer === 'member' ? { isInternal: false } : {}) },
      _count: { _all: true },
    });
    return new Map(grouped.map((g) => [g.ticketId, g._count._all]));
  }

  async function present(rows: TicketRow[], viewer: Viewer): Promise<SupportTicket[]> {
    const byTicket = await counts(
      rows.map((r) => r.id),
      viewer,
    );
    return rows.map((row) => toTicket(row, byTicket.get(row.id) ?? 0, viewer));
  }

  /** Marks unattached uploads of `uploaderId` as the ticket's (or a reply's); false when any is not. */
  async function attach(
    tx: Tx,
    keys: string[],
    uploaderId: string,
    ticketId: string,
    messageId: string | null,
  ) {
    if (!keys.length) return true;
    const { count } = await tx.supportAttachment.updateMany({
      where: { key: { in: keys }, uploaderId, ticketId: null },
      data: { ticketId, messageId },
    });
    return count === new Set(keys).size;
  }

  return {
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

    async ticket(id: string, viewer: Viewer): Promise<SupportTicket> {
      const row = await prisma.supportTicket.findUniqueOrThrow({ where: { id }, include: ticketInclude });
      return (await present([row], viewer))[0]!;
    },

    async listOwn(userId: string): Promise<SupportTicket[]> {
      const rows = await prisma.supportTicket.findMany({
        where: { userId },
        orderBy: [{ lastActivityAt: 'desc' }, { id: 'desc' }],
        include: ticketInclude,
      });
      return present(rows, 'member');
    },

    async listAll(filter: {
      status?: string | undefined;
      priority?: string | undefined;
      category?: string | undefined;
      search?: string | undefined;
    }): Promise<SupportTicket[]> {
      const search = filter.search;
      const rows = await prisma.supportTicket.findMany({
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
      return present(rows, 'admin');
    },

    /**
     * Creates a ticket numbered from the sequence, with the caller's uploads as its
     * attachments, in one transaction; null (nothing written) when an attachment is not theirs.
     */
    async createTicket(
      data: { userId: string; subject: string; category: string; priority: string; description: string },
      attachmentKeys: string[],
      afterWrite: (tx: Tx, ticketId: string, ticketNumber: string) => Promise<unknown>,
    ): Promise<string | null> {
      try {
        return await prisma.$transaction(async (tx) => {
          const [row] = await tx.$queryRaw<{ n: bigint }[]>`SELECT nextval('support_ticket_number_seq') AS n`;
          // padStart never truncates: past T-999999 the numbers simply grow a digit.
          const ticketNumber = `T-${row!.n.toString().padStart(6, '0')}`;
          const ticket = await tx.supportTicket.create({
            data: { ...data, ticketNumber },
            select: { id: true },
          });
          if (!(await attach(tx, attachmentKeys, data.userId, ticket.id, null)))
            throw new AttachmentRefused();
          await afterWrite(tx, ticket.id, ticketNumber);
          return ticket.id;
        });
      } catch (error) {
        if (error instanceof AttachmentRefused) return null;
        throw error;
      }
    },

    /**
     * Adds a message and bumps the ticket's last activity (and its first response, for a public
     * support reply); null when an attachment is not the sender's. `reopen` moves a ticket
     * waiting for its member back to open when the member answers.
     */
    async addMessage(
      ticketId: string,
      message: { senderId: string; messageType: 'user' | 'admin'; message: string; isInternal: boolean },
      attachmentKeys: string[],
      afterWrite: (tx: Tx, messageId: string) => Promise<unknown>,
    ): Promise<string | null> {
      try {
        return await prisma.$transaction(async (tx) => {
          const created = await tx.supportMessage.create({
            data: { ticketId, ...message },
            select: { id: true, createdAt: true },
          });
          if (!(await attach(tx, attachmentKeys, message.senderId, ticketId, created.id)))
            throw new AttachmentRefused();
          await tx.supportTicket.update({
            where: { id: ticketId },
            data: { lastActivityAt: created.createdAt },
          });
          if (message.messageType === 'admin' && !message.isInternal) {
            await tx.supportTicket.updateMany({
              where: { id: ticketId, firstResponseAt: null },
              data: { firstResponseAt: created.createdAt },
            });
          }
          await afterWrite(tx, created.id);
          return created.id;
        });
      } catch (error) {
        if (error instanceof AttachmentRefused) return null;
        throw error;
      }
    },

    /** Oldest first; a member never gets internal notes. */
    async messages(ticketId: string, viewer: Viewer): Promise<TicketMessage[]> {
      const rows = await prisma.supportMessage.findMany({
        where: { ticketId, ...(viewer === 'member' ? { isInternal: false } : {}) },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        include: {
          sender: { select: nameSelect },
          attachments: { select: { key: true }, orderBy: { createdAt: 'asc' } },
        },
      });
      return rows.map((row) => ({
        id: row.id,
        message: row.message,
        message_type: row.messageType as TicketMessage['message_type'],
        attachments: row.attachments.map((a) => a.key),
        created_at: row.createdAt.toISOString(),
        sender_name:
          row.messageType === 'system' ? 'System' : row.sender ? nameOf(row.sender) : 'Deleted user',
        is_internal: row.isInternal,
      }));
    },

    /** Applies the changed fields and lets the caller write its audit row in the same transaction. */
    async updateTicket(
      ticketId: string,
      data: { status?: string; priority?: string; assignedTo?: string | null; adminNotes?: string | null },
      afterWrite: (tx: Tx) => Promise<unknown>,
    ): Promise<void> {
      await prisma.$transaction(async (tx) => {
        await tx.supportTicket.update({
          where: { id: ticketId },
          data: { ...data, lastActivityAt: new Date() },
        });
        await afterWrite(tx);
      });
    },

    async storeAttachment(row: NewAttachment): Promise<void> {
      await prisma.supportAttachment.create({ data: row });
    },

    /**
     * Deletes up to `limit` support uploads made before `before` that no ticket or message took,
     * and answers their keys: the files are the caller's to delete. Attaching sets ticket_id
     * under the row's lock; FOR UPDATE re-reads a row attached meanwhile (and so leaves it), and
     * SKIP LOCKED passes over one being attached right now, so an attached file is never taken.
     */
    async deleteUnattached(before: Date, limit: number): Promise<string[]> {
      const rows = await prisma.$queryRaw<{ key: string }[]>`
        DELETE FROM support_attachments WHERE key IN (
          SELECT a.key FROM support_attachments a
          WHERE a.ticket_id IS NULL AND a.created_at < ${before}
          ORDER BY a.created_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING key`;
      return rows.map((row) => row.key);
    },

    /** An attachment with the owner of its ticket (null while unattached). */
    async attachment(key: string) {
      return prisma.supportAttachment.findUnique({
        where: { key },
        select: {
          key: true,
          uploaderId: true,
          contentType: true,
          sizeBytes: true,
          ticket: { select: { userId: true } },
        },
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
    async admins(allowListEmail: string) {
      const rows = await prisma.user.findMany({
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
      return rows.map((row) => ({
        user_id: row.id,
        display_name: nameOf(row),
        is_owner: row.isOwner || row.role === 'owner',
      }));
    },
  };
}

class AttachmentRefused extends Error {}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
