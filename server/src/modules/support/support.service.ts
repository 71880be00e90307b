import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { isAdminUser } from '@beatroom/shared/permissions';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_IDS,
  SUPPORT_TEXTS,
  TICKET_STATUSES,
  type AdminListItem,
  type SupportStats,
  type SupportTicket,
  type TicketMessage,
} from '@beatroom/shared/support-contract';
import type { z } from 'zod';
import type {
  AdminReplyBody,
  AdminTicketsQuery,
  CreateTicketBody,
  UpdateTicketBody,
  UserReplyBody,
} from '@beatroom/shared/support-contract';
import type { Tx } from '../../db/transaction';
import type { DomainEvents, DurableEvent } from '../../events/domain-events';
import { badRequest, conflict, HttpError, notFound, tooLarge } from '../../http/http-errors';
import type { AuditService } from '../audit/audit.service';
import { assertStorageKey, type Storage } from '../storage/storage';
import { collect, limitBytes } from '../uploads/upload-streams';
import type { UserRecord } from '../users/user-record';
import { FILE_REFUSED, sniffSupportFile, SUPPORT_FILE_MAX_BYTES } from './support-files';
import type { SupportRepository, TicketRecord } from './support.repository';

/** Unattached uploads deleted per statement by the sweep. */
const SWEEP_BATCH = 200;

/**
 * Support tickets (community.md §2, §4, §5, §7). Members see only their own tickets, and
 * someone else's ticket is missing (404) exactly like one that does not exist; internal notes
 * never reach a member. Admin callers are checked by the routes' requireAdmin hook; every
 * admin change of a ticket writes its audit row in the same transaction. Ticket events are
 * recorded in the outbox in the transaction of the change and delivered after the commit:
 * realtime pushes and the member's notification hang off them.
 */
export function createSupportService(deps: {
  repo: SupportRepository;
  storage: Storage;
  audit: Pick<AuditService, 'record'>;
  events: Pick<DomainEvents, 'record' | 'deliver'>;
  adminEmail: string;
  log: { warn(obj: object, msg: string): void };
}) {
  const { repo, storage, audit, events } = deps;

  /** The member's own ticket, or 404 for a missing one and for anyone else's alike. */
  async function ownTicket(user: UserRecord, ticketNumber: string): Promise<TicketRecord> {
    const ticket = await repo.findTicket(ticketNumber);
    if (!ticket || ticket.userId !== user.id) throw notFound(SUPPORT_TEXTS.TICKET_NOT_FOUND);
    return ticket;
  }

  async function anyTicket(ticketNumber: string): Promise<TicketRecord> {
    const ticket = await repo.findTicket(ticketNumber);
    if (!ticket) throw notFound(SUPPORT_TEXTS.TICKET_NOT_FOUND);
    return ticket;
  }

  /** Records `event` in `tx` and keeps its id, for delivery once the transaction committed. */
  const recorder = () => {
    const ids: string[] = [];
    return {
      record: async (tx: Tx, event: DurableEvent) => {
        ids.push(await events.record(tx, event));
      },
      deliver: () => events.deliver(ids),
    };
  };

  return {
    categories: () => ({ categories: SUPPORT_CATEGORIES.map((c) => ({ ...c })) }),

    async listOwn(user: UserRecord): Promise<{ tickets: SupportTicket[] }> {
      return { tickets: await repo.listOwn(user.id) };
    },

    async create(user: UserRecord, body: z.output<typeof CreateTicketBody>): Promise<SupportTicket> {
      const told = recorder();
      const id = await repo.createTicket(
        {
          userId: user.id,
          subject: body.subject,
          category: body.category,
          priority: body.priority,
          description: body.description,
        },
        body.attachments,
        (tx, _id, ticketNumber) =>
          told.record(tx, { type: 'support.ticket_created', ticketNumber, userId: user.id }),
      );
      if (!id) throw badRequest(SUPPORT_TEXTS.ATTACHMENT_NOT_YOURS);
      await told.deliver();
      return repo.ticket(id, 'member');
    },

    async ticket(user: UserRecord, ticketNumber: string): Promise<SupportTicket> {
      return repo.ticket((await ownTicket(user, ticketNumber)).id, 'member');
    },

    async messages(user: UserRecord, ticketNumber: string): Promise<{ messages: TicketMessage[] }> {
      return { messages: await repo.messages((await ownTicket(user, ticketNumber)).id, 'member') };
    },

    /** A member's reply; a closed ticket takes none (409), a ticket waiting for them reopens. */
    async reply(
      user: UserRecord,
      ticketNumber: string,
      body: z.output<typeof UserReplyBody>,
    ): Promise<TicketMessage> {
      const ticket = await ownTicket(user, ticketNumber);
      if (ticket.status === 'closed') throw conflict(SUPPORT_TEXTS.TICKET_CLOSED);
      const told = recorder();
      const id = await repo.addMessage(
        ticket.id,
        { senderId: user.id, messageType: 'user', message: body.message, isInternal: false },
        body.attachments,
        (tx) =>
          told.record(tx, {
            type: 'support.message_added',
            ticketNumber,
            ticketOwnerId: ticket.userId,
            senderId: user.id,
            fromSupport: false,
            isInternal: false,
          }),
      );
      if (!id) throw badRequest(SUPPORT_TEXTS.ATTACHMENT_NOT_YOURS);
      await told.deliver();
      const messages = await repo.messages(ticket.id, 'member');
      return messages.find((m) => m.id === id)!;
    },

    /**
     * Stores one support file if its bytes say JPEG, PNG, GIF, PDF or plain text and it is at
     * most 10 MB: 400 or 413 with the spec's message otherwise, and nothing kept.
     */
    async upload(user: UserRecord, source: Readable, originalName: string | null): Promise<{ key: string }> {
      let bytes: Buffer;
      try {
        bytes = await collect(limitBytes(source, SUPPORT_FILE_MAX_BYTES, FILE_REFUSED));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 413) throw tooLarge(FILE_REFUSED);
        throw badRequest(FILE_REFUSED);
      }
      const kind = sniffSupportFile(bytes);
      if (!kind) throw badRequest(FILE_REFUSED);
      const key = `support/${randomUUID()}.${kind.extension}`;
      assertStorageKey(key);
      await storage.put(key, Readable.from([bytes]), { contentType: kind.contentType });
      try {
        await repo.storeAttachment({
          key,
          uploaderId: user.id,
          contentType: kind.contentType,
          sizeBytes: bytes.length,
          originalName: originalName?.slice(0, 255) || null,
        });
      } catch (error) {
        await storage
          .delete(key)
          .catch((e: unknown) => deps.log.warn({ err: e, key }, 'could not delete a file'));
        throw error;
      }
      return { key };
    },

    /**
     * The sweep of support uploads never attached (POST /api/support/upload answers a key that
     * no ticket or message named within `olderThanMs`): their rows and files go. Answers how
     * many. A file that cannot be deleted now is left to the orphan sweep (no row names it).
     */
    async sweepUnattached(olderThanMs: number): Promise<number> {
      const before = new Date(Date.now() - olderThanMs);
      let swept = 0;
      for (;;) {
        const keys = await repo.deleteUnattached(before, SWEEP_BATCH);
        for (const key of keys) {
          await storage
            .delete(key)
            .catch((e: unknown) => deps.log.warn({ err: e, key }, 'could not delete an unattached file'));
        }
        swept += keys.length;
        if (keys.length < SWEEP_BATCH) return swept;
      }
    },

    /**
     * An attachment's bytes for the ticket's owner and admins; its uploader may see it before
     * it is attached. Anyone else: 404, as if it did not exist.
     */
    async attachment(user: UserRecord, key: string) {
      const row = await repo.attachment(key);
      const allowed =
        row &&
        (isAdminUser(user, deps.adminEmail) ||
          (row.ticket ? row.ticket.userId === user.id : row.uploaderId === user.id));
      if (!row || !allowed) throw notFound(SUPPORT_TEXTS.ATTACHMENT_NOT_FOUND);
      return { contentType: row.contentType, size: row.sizeBytes, body: await storage.get(key) };
    },

    // -----------------------------------------------------------------------------------------
    // Admins (the routes' requireAdmin has checked the caller)
    // -----------------------------------------------------------------------------------------

    async stats(): Promise<SupportStats> {
      const { byStatus, byCategory, avgHours } = await repo.stats();
      return {
        statusStats: TICKET_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
        categoryStats: SUPPORT_CATEGORY_IDS.map((category) => ({
          category,
          count: byCategory.get(category) ?? 0,
        })),
        avgResponseTimeHours: avgHours === null ? null : Math.round(avgHours * 10) / 10,
      };
    },

    async listAll(query: z.output<typeof AdminTicketsQuery>): Promise<{ tickets: SupportTicket[] }> {
      return { tickets: await repo.listAll(query) };
    },

    async adminTicket(ticketNumber: string): Promise<SupportTicket> {
      return repo.ticket((await anyTicket(ticketNumber)).id, 'admin');
    },

    async adminMessages(ticketNumber: string): Promise<{ messages: TicketMessage[] }> {
      return { messages: await repo.messages((await anyTicket(ticketNumber)).id, 'admin') };
    },

    async adminReply(
      admin: UserRecord,
      ticketNumber: string,
      body: z.output<typeof AdminReplyBody>,
    ): Promise<TicketMessage> {
      const ticket = await anyTicket(ticketNumber);
      const told = recorder();
      const id = await repo.addMessage(
        ticket.id,
        { senderId: admin.id, messageType: 'admin', message: body.message, isInternal: body.is_internal },
        [],
        (tx) =>
          told.record(tx, {
            type: 'support.message_added',
            ticketNumber,
            ticketOwnerId: ticket.userId,
            senderId: admin.id,
            fromSupport: true,
            isInternal: body.is_internal,
          }),
      );
      await told.deliver();
      const messages = await repo.messages(ticket.id, 'admin');
      return messages.find((m) => m.id === id)!;
    },

    /** Status, priority, assignee (an admin, or null) and notes; audited in the same transaction. */
    async update(
      admin: UserRecord,
      ticketNumber: string,
      body: z.output<typeof UpdateTicketBody>,
    ): Promise<SupportTicket> {
      const ticket = await anyTicket(ticketNumber);
      if (body.assigned_to) {
        const admins = await repo.admins(deps.adminEmail);
        if (!admins.some((a) => a.user_id === body.assigned_to))
          throw badRequest(SUPPORT_TEXTS.ASSIGNEE_NOT_ADMIN);
      }
      const change: {
        status?: string;
        priority?: string;
        assignedTo?: string | null;
        adminNotes?: string | null;
      } = {};
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const set = (
        field: 'status' | 'priority' | 'assigned_to' | 'admin_notes',
        from: unknown,
        to: unknown,
      ) => {
        if (to === undefined || to === from) return;
        before[field] = from;
        after[field] = to;
        if (field === 'status') change.status = to as string;
        if (field === 'priority') change.priority = to as string;
        if (field === 'assigned_to') change.assignedTo = to as string | null;
        if (field === 'admin_notes') change.adminNotes = to as string | null;
      };
      set('status', ticket.status, body.status);
      set('priority', ticket.priority, body.priority);
      set('assigned_to', ticket.assignedTo, body.assigned_to);
      const notes =
        body.admin_notes === undefined ? undefined : body.admin_notes?.trim() ? body.admin_notes : null;
      set('admin_notes', ticket.adminNotes, notes);
      if (Object.keys(after).length) {
        const told = recorder();
        await repo.updateTicket(ticket.id, change, async (tx) => {
          await audit.record(tx, {
            adminId: admin.id,
            action: 'ticket.update',
            targetType: 'ticket',
            targetId: ticket.ticketNumber,
            before,
            after,
          });
          await told.record(tx, {
            type: 'support.ticket_updated',
            ticketNumber,
            ticketOwnerId: ticket.userId,
          });
        });
        await told.deliver();
      }
      return repo.ticket(ticket.id, 'admin');
    },

    admins: async (): Promise<{ admins: AdminListItem[] }> => ({
      admins: await repo.admins(deps.adminEmail),
    }),

    /** Who gets admin-side live updates. */
    adminIds: async (): Promise<string[]> => (await repo.admins(deps.adminEmail)).map((a) => a.user_id),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
