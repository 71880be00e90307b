import type { DomainEvents } from '../../../events/domain-events';
import type { MailKind } from './mail-jobs';
import type { MailService } from './mail.service';

/** One mail per event, recipient and kind, however often the outbox delivers the event. */
const keyOf = (eventId: string, userId: string, kind: MailKind) => `${eventId}:${userId}:${kind}`;

/**
 * The mails the domain's events cause. Handlers run from the outbox, after the transaction that
 * recorded the event committed (a payment, a refund, a reply), and only queue jobs. An event
 * without an id was never stored, so nothing could keep it from mailing twice: it mails nobody.
 */
export function registerMailEvents(events: DomainEvents, mail: MailService): void {
  // Each line's producer hears of their sale; the buyer gets one receipt per order (below).
  events.on('beat.purchased', async (event, { eventId }) => {
    if (!eventId) return;
    await mail.enqueue({
      kind: 'new_sale',
      key: keyOf(eventId, event.producerId, 'new_sale'),
      userId: event.producerId,
      netCents: event.netCents,
      orderId: event.orderId,
      beatTitle: event.beatTitle,
      licenseType: event.licenseType,
    });
  });

  events.on('order.paid', async (event, { eventId }) => {
    const first = event.lines[0];
    if (!eventId || !first) return;
    await mail.enqueue({
      kind: 'receipt',
      // Keyed by the order's first sale event: one receipt per order, however it is delivered.
      key: keyOf(event.saleEventId, event.buyerId, 'receipt'),
      userId: event.buyerId,
      orderId: event.orderId,
      beatTitle: first.beatTitle,
      licenseType: first.licenseType,
      amountCents: event.amountCents,
      lines: event.lines,
    });
  });

  events.on('support.message_added', async (event, { eventId }) => {
    // Internal notes stay with the staff; a member's own message needs no mail to them.
    if (!eventId || !event.fromSupport || event.isInternal) return;
    await mail.enqueue({
      kind: 'support_reply',
      key: keyOf(eventId, event.ticketOwnerId, 'support_reply'),
      userId: event.ticketOwnerId,
      ticketNumber: event.ticketNumber,
    });
  });

  events.on('order.refunded', async (event, { eventId }) => {
    if (!eventId) return;
    await mail.enqueue({
      kind: 'refund',
      key: keyOf(eventId, event.buyerId, 'refund'),
      userId: event.buyerId,
      orderId: event.orderId,
      // An order of several beats names every line the refund took back.
      beatTitle: event.producerShares?.map((share) => share.name).join(', ') ?? event.beatTitle,
      amountCents: event.amountCents,
      full: event.full,
      creditNoteNumber: event.creditNoteNumber,
    });
  });
}
