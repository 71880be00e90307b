import {
  SUPPORT_CATEGORIES,
  SUPPORT_TEXTS,
  type SupportTicket,
  type TicketMessage,
} from '@beatroom/shared/support-contract';
import type { z } from 'zod';
import type { CreateTicketBody, UserReplyBody } from '@beatroom/shared/support-contract';
import { conflict } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import { createSupportDeskService } from './support-desk.service';
import { createSupportTickets, type SupportDeps } from './support-tickets';
import { createSupportUploadsService } from './support-uploads.service';

/**
 * Support tickets. Members see only their own tickets, and someone else's ticket is missing
 * (404) exactly like one that does not exist; internal notes never reach a member. Admin callers
 * are checked by the routes' requireAdmin hook; every admin change of a ticket writes its audit
 * row in the same transaction (support-desk.service). Ticket events are recorded in the outbox
 * in the transaction of the change and delivered after the commit: realtime pushes and the
 * member's notification hang off them. Support files are support-uploads.service's.
 */
export function createSupportService(deps: SupportDeps) {
  const tickets = createSupportTickets(deps);
  const { repo } = deps;

  /** The member's own ticket, or 404 for a missing one and for anyone else's alike. */
  const ownTicket = (user: UserRecord, ticketNumber: string) => tickets.find(ticketNumber, user.id);

  return {
    categories: () => ({ categories: SUPPORT_CATEGORIES.map((c) => ({ ...c })) }),

    async listOwn(user: UserRecord): Promise<{ tickets: SupportTicket[] }> {
      return { tickets: await tickets.views(await repo.ownTicketRows(user.id), 'member') };
    },

    async create(user: UserRecord, body: z.output<typeof CreateTicketBody>): Promise<SupportTicket> {
      const { subject, category, priority, description } = body;
      const id = await tickets.open(user, { subject, category, priority, description }, body.attachments);
      return tickets.view(id, 'member');
    },

    async ticket(user: UserRecord, ticketNumber: string): Promise<SupportTicket> {
      return tickets.view((await ownTicket(user, ticketNumber)).id, 'member');
    },

    async messages(user: UserRecord, ticketNumber: string): Promise<{ messages: TicketMessage[] }> {
      return { messages: await tickets.messages((await ownTicket(user, ticketNumber)).id, 'member') };
    },

    /** A member's reply; a closed ticket takes none (409). */
    async reply(
      user: UserRecord,
      ticketNumber: string,
      body: z.output<typeof UserReplyBody>,
    ): Promise<TicketMessage> {
      const ticket = await ownTicket(user, ticketNumber);
      if (ticket.status === 'closed') throw conflict(SUPPORT_TEXTS.TICKET_CLOSED);
      const message = { message: body.message, isInternal: false, attachments: body.attachments };
      return tickets.post(ticket, { id: user.id, fromSupport: false }, message, 'member');
    },

    ...createSupportUploadsService(deps),
    ...createSupportDeskService(deps, tickets),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
