import { SUPPORT_TEXTS, type SupportTicket, type TicketMessage } from '@beatroom/shared/support-contract';
import type { Tx } from '../../../db/transaction';
import type { DomainEvents, DurableEvent } from '../../../events/domain-events';
import { badRequest, notFound } from '../../../http/http-errors';
import type { AuditService } from '../audit/audit.service';
import type { Storage } from '../../platform/storage/storage';
import type { UserRecord } from '../../platform/users/user-record';
import type { SupportAttachmentsRepository } from './support-attachments.repository';
import { toMessage, toTicket, type Viewer } from './support-ticket-view';
import type { SupportRepository, TicketRecord, TicketRow } from './support.repository';

/** What the support service is built from, handed in by the plugin. */
export interface SupportDeps {
  repo: SupportRepository;
  attachments: SupportAttachmentsRepository;
  storage: Storage;
  audit: Pick<AuditService, 'record'>;
  events: Pick<DomainEvents, 'record' | 'deliver'>;
  adminEmail: string;
  log: { warn(obj: object, msg: string): void };
}

/** Thrown inside a transaction to roll it back when an attachment is not the sender's. */
class AttachmentRefused extends Error {}

/** T-000042: the sequence's number, six digits at least (past T-999999 it simply grows a digit). */
const ticketNumberOf = (sequence: bigint) => `T-${sequence.toString().padStart(6, '0')}`;

/**
 * What the member's support center and the admins' desk share: finding a ticket, showing it and
 * its thread as the viewer may see it, and writing tickets and messages with their attachments
 * and events in one transaction. Access checks are the callers'.
 */
export function createSupportTickets(deps: Pick<SupportDeps, 'repo' | 'attachments' | 'events'>) {
  const { repo, attachments, events } = deps;

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

  /**
   * Gives the sender's unattached uploads among `keys` to the ticket (or its message); false
   * when any of them is not such an upload (the caller rolls back).
   */
  async function attach(
    tx: Tx,
    keys: string[],
    uploaderId: string,
    ticketId: string,
    messageId: string | null,
  ) {
    if (!keys.length) return true;
    return (await attachments.attach(tx, keys, uploaderId, ticketId, messageId)) === new Set(keys).size;
  }

  /** Runs `write`, answering null (nothing written) when it refused an attachment. */
  async function unlessRefused(write: () => Promise<string>): Promise<string | null> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof AttachmentRefused) return null;
      throw error;
    }
  }

  async function views(rows: TicketRow[], viewer: Viewer): Promise<SupportTicket[]> {
    const byTicket = await repo.messageCounts(
      rows.map((r) => r.id),
      viewer === 'admin',
    );
    return rows.map((row) => toTicket(row, byTicket.get(row.id) ?? 0, viewer));
  }

  async function messages(ticketId: string, viewer: Viewer): Promise<TicketMessage[]> {
    return (await repo.messageRows(ticketId, viewer === 'admin')).map(toMessage);
  }

  return {
    recorder,
    views,
    messages,

    /** The ticket, or 404 (also what a member gets for someone else's). */
    async find(ticketNumber: string, ownerId?: string): Promise<TicketRecord> {
      const ticket = await repo.findTicket(ticketNumber);
      if (!ticket || (ownerId !== undefined && ticket.userId !== ownerId)) {
        throw notFound(SUPPORT_TEXTS.TICKET_NOT_FOUND);
      }
      return ticket;
    },

    async view(ticketId: string, viewer: Viewer): Promise<SupportTicket> {
      return (await views([await repo.ticketRow(ticketId)], viewer))[0]!;
    },

    /**
     * Opens a ticket numbered from the sequence, with the member's uploads as its attachments;
     * 400 (nothing written) when an attachment is not theirs. Answers its id.
     */
    async open(
      user: UserRecord,
      ticket: { subject: string; category: string; priority: string; description: string },
      attachmentKeys: string[],
    ): Promise<string> {
      const told = recorder();
      const id = await unlessRefused(() =>
        repo.transaction(async (tx) => {
          const ticketNumber = ticketNumberOf(await repo.nextTicketSequence(tx));
          const ticketId = await repo.insertTicket(tx, { userId: user.id, ticketNumber, ...ticket });
          if (!(await attach(tx, attachmentKeys, user.id, ticketId, null))) throw new AttachmentRefused();
          await told.record(tx, { type: 'support.ticket_created', ticketNumber, userId: user.id });
          return ticketId;
        }),
      );
      if (!id) throw badRequest(SUPPORT_TEXTS.ATTACHMENT_NOT_YOURS);
      await told.deliver();
      return id;
    },

    /**
     * Adds a message (a member's reply, or support's reply or internal note) and moves the
     * ticket's last activity; support's first public reply also sets its first response time.
     * 400 (nothing written) when an attachment is not the sender's. Answers the message as
     * `viewer` sees it.
     */
    async post(
      ticket: TicketRecord,
      sender: { id: string; fromSupport: boolean },
      body: { message: string; isInternal: boolean; attachments: string[] },
      viewer: Viewer,
    ): Promise<TicketMessage> {
      const told = recorder();
      const id = await unlessRefused(() =>
        repo.transaction(async (tx) => {
          const created = await repo.insertMessage(tx, ticket.id, {
            senderId: sender.id,
            messageType: sender.fromSupport ? 'admin' : 'user',
            message: body.message,
            isInternal: body.isInternal,
          });
          if (!(await attach(tx, body.attachments, sender.id, ticket.id, created.id)))
            throw new AttachmentRefused();
          await repo.setLastActivity(tx, ticket.id, created.createdAt);
          if (sender.fromSupport && !body.isInternal) {
            await repo.setFirstResponse(tx, ticket.id, created.createdAt);
          }
          await told.record(tx, {
            type: 'support.message_added',
            ticketNumber: ticket.ticketNumber,
            ticketOwnerId: ticket.userId,
            senderId: sender.id,
            fromSupport: sender.fromSupport,
            isInternal: body.isInternal,
          });
          return created.id;
        }),
      );
      if (!id) throw badRequest(SUPPORT_TEXTS.ATTACHMENT_NOT_YOURS);
      await told.deliver();
      return (await messages(ticket.id, viewer)).find((m) => m.id === id)!;
    },
  };
}

export type SupportTickets = ReturnType<typeof createSupportTickets>;
