/**
 * What happened in the domain, told once, on the instance where it happened, after the data is
 * committed. Features react here (notifications, activity) without the emitting service
 * knowing them. Cross-instance delivery to sockets is the realtime event bus's job, not this.
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
      licenseType: 'basic' | 'premium' | 'exclusive';
      amountCents: number;
      netCents: number;
    }
  /** Someone other than its producer downloaded a beat (history and download_count are written). */
  | { type: 'beat.downloaded'; beatId: string; producerId: string; userId: string }
  /**
   * A session is over: signed out, found expired (on use or by the sweep), or its account was
   * deleted. `tokenHash` is the keyed hash the sessions table holds, never the token itself.
   */
  | {
      type: 'session.ended';
      tokenHash: string;
      userId: string;
      reason: 'logout' | 'expired' | 'account_deleted';
    };

type Handler<T extends DomainEvent['type']> = (
  event: Extract<DomainEvent, { type: T }>,
) => Promise<void> | void;
type AnyHandler = (event: DomainEvent) => Promise<void> | void;

export interface DomainEvents {
  on<T extends DomainEvent['type']>(type: T, handler: Handler<T>): void;
  /** Runs every handler; a failing handler is logged and never fails the request that emitted. */
  emit(event: DomainEvent): Promise<void>;
}

export function createDomainEvents(log: { error: (obj: object, msg: string) => void }): DomainEvents {
  const handlers = new Map<string, AnyHandler[]>();
  return {
    on(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler as unknown as AnyHandler]);
    },
    async emit(event) {
      for (const handler of handlers.get(event.type) ?? []) {
        try {
          await handler(event);
        } catch (error) {
          log.error({ err: error, event: event.type }, 'domain event handler failed');
        }
      }
    },
  };
}
