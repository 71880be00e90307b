import {
  SUPPORT_CATEGORY_IDS,
  SUPPORT_TEXTS,
  TICKET_STATUSES,
  type AdminListItem,
  type SupportStats,
  type SupportTicket,
  type TicketMessage,
} from '@beatroom/shared/support-contract';
import type { z } from 'zod';
import type { AdminReplyBody, AdminTicketsQuery, UpdateTicketBody } from '@beatroom/shared/support-contract';
import { badRequest } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import type { SupportDeps, SupportTickets } from './support-tickets';
import { toAdminListItem } from './support-ticket-view';

type TicketChange = {
  status?: string;
  priority?: string;
  assignedTo?: string | null;
  adminNotes?: string | null;
};

/**
 * The admins' support desk: every ticket, its whole thread with internal notes, replies and
 * notes, and its management (status, priority, assignee, notes), each change audited in its own
 * transaction. The routes' requireAdmin has checked the caller.
 */
export function createSupportDeskService(
  deps: Pick<SupportDeps, 'repo' | 'audit' | 'adminEmail'>,
  tickets: SupportTickets,
) {
  const { repo, audit } = deps;

  async function admins(): Promise<AdminListItem[]> {
    return (await repo.adminRows(deps.adminEmail)).map(toAdminListItem);
  }

  return {
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
      return { tickets: await tickets.views(await repo.ticketRows(query), 'admin') };
    },

    async adminTicket(ticketNumber: string): Promise<SupportTicket> {
      return tickets.view((await tickets.find(ticketNumber)).id, 'admin');
    },

    async adminMessages(ticketNumber: string): Promise<{ messages: TicketMessage[] }> {
      return { messages: await tickets.messages((await tickets.find(ticketNumber)).id, 'admin') };
    },

    /** A public reply (the member sees it and is told) or an internal note. */
    async adminReply(
      admin: UserRecord,
      ticketNumber: string,
      body: z.output<typeof AdminReplyBody>,
    ): Promise<TicketMessage> {
      const ticket = await tickets.find(ticketNumber);
      const message = { message: body.message, isInternal: body.is_internal, attachments: [] };
      return tickets.post(ticket, { id: admin.id, fromSupport: true }, message, 'admin');
    },

    /** Status, priority, assignee (an admin, or null) and notes; audited in the same transaction. */
    async update(
      admin: UserRecord,
      ticketNumber: string,
      body: z.output<typeof UpdateTicketBody>,
    ): Promise<SupportTicket> {
      const ticket = await tickets.find(ticketNumber);
      if (body.assigned_to && !(await admins()).some((a) => a.user_id === body.assigned_to)) {
        throw badRequest(SUPPORT_TEXTS.ASSIGNEE_NOT_ADMIN);
      }
      const change: TicketChange = {};
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
        const told = tickets.recorder();
        await repo.transaction(async (tx) => {
          await repo.updateTicket(tx, ticket.id, change);
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
      return tickets.view(ticket.id, 'admin');
    },

    admins: async (): Promise<{ admins: AdminListItem[] }> => ({ admins: await admins() }),

    /** Who gets admin-side live updates. */
    adminIds: async (): Promise<string[]> => (await admins()).map((a) => a.user_id),
  };
}

export type SupportDeskService = ReturnType<typeof createSupportDeskService>;
