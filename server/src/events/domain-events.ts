import type { Tx } from '../db/transaction';
import type { LicenseId } from '@beatroom/shared/money-constants';

/**
 * What happened in the domain. Features react here (notifications, activity, analytics)
 * without the emitting service knowing them. Cross-instance delivery to sockets is the
 * realtime event bus's job, not this.
 *
 * Durable events (DurableEvent) are written to the outbox in the transaction of the change
 * that causes them (`record`) and delivered from there at least once, so a database that drops
 * connections between the commit and the handlers loses nothing. The few IMMEDIATE events
 * (`emit`) only tell this process about something nobody reads later (see ImmediateEvent).
 */
export type DomainEvent =
  | { type: 'beat.created'; beatId: string; userId: string; title: string }
  | { type: 'beat.deleted'; beatId: string; userId: string }
  | { type: 'beat.played'; beatId: string; userId: string | null }
  | {
      type: 'beat.rated';
      beatId: string;
      beatTitle: string;
      ownerId: string;
      userId: string;
      rating: number;
      isNew: boolean;
    }
  | { type: 'user.followed'; followerId: string; followedId: string }
  /** An order was paid and fulfilled: the buyer holds the licence, the producer earned netCents. */
  | {
      type: 'beat.purchased';
      orderId: string;
      beatId: string;
      beatTitle: string;
      buyerId: string;
      producerId: string;
      licenseType: LicenseId;
      amountCents: number;
      netCents: number;
    }
  /**
   * An order was paid and fulfilled (after its lines' beat.purchased events): the buyer's one
   * receipt lists every line.
   */
  | {
      type: 'order.paid';
      orderId: string;
      /** The first line's beat.purchased event: the receipt's mail is keyed by it, as before. */
      saleEventId: string;
      buyerId: string;
      amountCents: number;
      lines: { beatId: string; beatTitle: string; licenseType: LicenseId; amountCents: number }[];
    }
  /** Someone other than its producer downloaded a beat (history and download_count are written). */
  | { type: 'beat.downloaded'; beatId: string; producerId: string; userId: string }
  /**
   * An order was refunded, wholly (the licence is revoked) or in part: the buyer and the
   * producer are told; netCents is the producer's share taken back.
   */
  | {
      type: 'order.refunded';
      orderId: string;
      beatId: string;
      beatTitle: string;
      buyerId: string;
      producerId: string;
      amountCents: number;
      netCents: number;
      full: boolean;
      creditNoteNumber: string;
      /**
       * An order of several beats: each line's producer, the line's name and what this refund
       * took back from that producer. Absent for a one-beat order (producerId and netCents say it).
       */
      producerShares?: { producerId: string; beatId: string; name: string; netCents: number }[];
    }
  /**
   * A session is over: signed out, found expired (on use or by the sweep), or its account was
   * deleted. `tokenHash` is the keyed hash the sessions table holds, never the token itself.
   */
  | {
      type: 'session.ended';
      tokenHash: string;
      userId: string;
      reason: 'logout' | 'expired' | 'account_deleted';
    }
  /** A member opened a support ticket (admins see it live). */
  | { type: 'support.ticket_created'; ticketNumber: string; userId: string }
  /**
   * A message was added to a ticket: by its member (to admins), or by support (to admins; to
   * the member too, with a notification, unless it is an internal note).
   */
  | {
      type: 'support.message_added';
      ticketNumber: string;
      ticketOwnerId: string;
      senderId: string;
      fromSupport: boolean;
      isInternal: boolean;
    }
  /** An admin changed a ticket's status, priority, assignee or notes. */
  | { type: 'support.ticket_updated'; ticketNumber: string; ticketOwnerId: string }
  /** A member entered a challenge with one of their recordings (challenge_entry activity). */
  | { type: 'challenge.entered'; challengeId: string; title: string; userId: string; entryId: string }
  /**
   * The closing job closed a challenge: the winner was paid prize plus fees (winnerUserId), or,
   * without entries, whoever paid in was refunded. Entrants are told the result.
   */
  | {
      type: 'challenge.closed';
      challengeId: string;
      title: string;
      winnerUserId: string | null;
      payoutCredits: number;
      entrantIds: string[];
    }
  /**
   * A requester accepted a response on the collaboration board: a collaborative session is open
   * for both (collaboration_started activity).
   */
  | {
      type: 'collaboration.started';
      requestId: string;
      requestTitle: string;
      requesterId: string;
      responderId: string;
      sessionId: string;
    }
  /** A member responded to a collaboration request (a notification to the requester). */
  | {
      type: 'collaboration.responded';
      requestId: string;
      requestTitle: string;
      requesterId: string;
      responderId: string;
    };

/**
 * Told at once, in process, never stored:
 * - session.ended: it closes live sockets of a session that no longer exists; after a crash
 *   there are no sockets left to close, so a stored copy would have nothing to do.
 * - beat.played: only pushes fresh numbers to the producer's open analytics; the play itself is
 *   its beat_plays row (what analytics read), and plays are the hottest write path, where an
 *   outbox row each would double the writes for a push that the next one refreshes anyway.
 */
export type ImmediateEvent = Extract<DomainEvent, { type: 'session.ended' | 'beat.played' }>;
/** Written with the change that causes it (`record`), delivered at least once. */
export type DurableEvent = Exclude<DomainEvent, ImmediateEvent>;

/**
 * Which delivery a handler is running in. `eventId` is the outbox row's id for a durable event
 * (stable across redeliveries: rows a handler writes carry it under a unique constraint, so a
 * second delivery adds nothing), null for an immediate one.
 */
export interface EventMeta {
  eventId: string | null;
}

type Handler<T extends DomainEvent['type']> = (
  event: Extract<DomainEvent, { type: T }>,
  meta: EventMeta,
) => Promise<void> | void;
type AnyHandler = (event: DomainEvent, meta: EventMeta) => Promise<void> | void;

export interface OutboxStats {
  /** Durable events written (committed) and still in the table. */
  caused: number;
  /** Of those, delivered to every handler. */
  delivered: number;
  /** Waiting for (re)delivery. */
  pending: number;
}

export interface DomainEvents {
  on<T extends DomainEvent['type']>(type: T, handler: Handler<T>): void;
  /**
   * Runs every handler now, in process, nothing stored; a failing handler is logged, never
   * thrown. Services use it for ImmediateEvent only (a durable event goes through `record`);
   * tests may drive handlers with any event (they then run with a null eventId).
   */
  emit(event: DomainEvent): Promise<void>;
  /**
   * Writes a durable event to the outbox inside `tx`, the transaction making the change: it
   * commits or rolls back with it. Answers the event id. Delivery follows the commit (call
   * `deliver` for it to happen at once; otherwise the dispatcher's poll finds it).
   */
  record(tx: Tx, event: DurableEvent): Promise<string>;
  /**
   * After the commit: delivers these recorded events now, on this request's time, so their
   * effects (a notification) are there when it answers. Never throws: whatever fails here is
   * delivered later by the dispatcher, with backoff.
   */
  deliver(eventIds: string[]): Promise<void>;
  /** Counts for soaks and checks: events caused versus delivered. */
  outboxStats(): Promise<OutboxStats>;
  /** Resolves when no outbox row is waiting (tests); rejects after `timeoutMs`. */
  drained(options?: { timeoutMs?: number }): Promise<void>;
}

/** What runs the handlers of one event; the outbox dispatcher calls it for each row it claims. */
export interface HandlerRegistry {
  /** Runs every handler; rejects (after running all) if any failed, with the first error. */
  runAll(event: DomainEvent, meta: EventMeta): Promise<void>;
}

interface Log {
  error: (obj: object, msg: string) => void;
}

export interface OutboxPort {
  record(tx: Tx, event: DurableEvent): Promise<string>;
  deliver(eventIds: string[]): Promise<void>;
  stats(): Promise<OutboxStats>;
  drained(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * The handlers, and both ways events reach them: `emit` at once, `record` through the outbox
 * made by `outbox` (the domain-events plugin builds its dispatcher on `registry`).
 */
export function createDomainEvents(
  log: Log,
  outbox: (registry: HandlerRegistry) => OutboxPort,
): DomainEvents {
  const handlers = new Map<string, AnyHandler[]>();
  const registry: HandlerRegistry = {
    async runAll(event, meta) {
      let failure: unknown = null;
      for (const handler of handlers.get(event.type) ?? []) {
        try {
          await handler(event, meta);
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure) throw failure;
    },
  };
  const port = outbox(registry);
  return {
    on(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler as unknown as AnyHandler]);
    },
    async emit(event) {
      for (const handler of handlers.get(event.type) ?? []) {
        try {
          await handler(event, { eventId: null });
        } catch (error) {
          log.error({ err: error, event: event.type }, 'domain event handler failed');
        }
      }
    },
    record: (tx, event) => port.record(tx, event),
    deliver: (ids) => port.deliver(ids),
    outboxStats: () => port.stats(),
    drained: (options) => port.drained(options),
  };
}
