import { TIMINGS } from '@beatroom/shared/constants';
import type { Analytics, AnnouncementSeverity, ServerMessage } from '@beatroom/shared/realtime-contract';
import { toFrame, type EventBus, type PresenceTotals } from './event-bus';
import type { SocketHub } from './socket-hub';

/** A producer gets at most one stats_updated per this interval (first one right away). */
export const ANALYTICS_PUSH_INTERVAL_MS = 5_000;
/** How often this instance tells the others who is connected here (Redis bus only). */
export const PRESENCE_REPORT_MS = 10_000;
/** Deliveries per bus message, so one upload to 10,000 followers is not one huge message. */
const DELIVERIES_PER_MESSAGE = 500;

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * Realtime delivery for the rest of the server: features say what to send to whom; this puts
 * it on the event bus, and every instance hands what reaches it to its own sockets.
 */
export function createRealtimeService(deps: {
  bus: EventBus;
  hub: SocketHub;
  log: Log;
  pingIntervalMs?: number;
  analyticsIntervalMs?: number;
}) {
  const { bus, hub, log } = deps;
  const analyticsInterval = deps.analyticsIntervalMs ?? ANALYTICS_PUSH_INTERVAL_MS;
  let analyticsSource: ((userId: string) => Promise<Analytics>) | null = null;
  const lastPushed = new Map<string, number>();
  const pendingPush = new Map<string, NodeJS.Timeout>();

  /** Leading edge right away, then at most one trailing push per interval, per producer. */
  function analyticsDirty(userId: string) {
    if (!analyticsSource || !hub.hasUser(userId) || pendingPush.has(userId)) return;
    const wait = Math.max(0, (lastPushed.get(userId) ?? 0) + analyticsInterval - Date.now());
    const timer = setTimeout(() => {
      pendingPush.delete(userId);
      lastPushed.set(userId, Date.now());
      analyticsSource!(userId)
        .then((analytics) =>
          hub.toUsers([
            { userId, frames: [toFrame({ type: 'analytics', data: { type: 'stats_updated', analytics } })] },
          ]),
        )
        .catch((error: unknown) => log.error({ err: error, userId }, 'analytics push failed'));
    }, wait);
    timer.unref();
    pendingPush.set(userId, timer);
  }

  bus.subscribe((message) => {
    switch (message.kind) {
      case 'users':
        void hub.toUsers(message.deliveries);
        break;
      case 'broadcast':
        void hub.broadcast(message.frame);
        break;
      case 'analytics':
        for (const userId of message.userIds) analyticsDirty(userId);
        break;
      case 'sessions-ended':
        hub.endSessions(message.tokenHashes);
        break;
    }
  });

  let presenceTimer: NodeJS.Timeout | null = null;
  const reportPresence = () => {
    bus.reportPresence(hub.presence()).catch((error: unknown) => {
      log.warn({ err: error }, 'presence report failed');
    });
  };
  const pingTimer = setInterval(() => {
    void hub.sweep();
    const stale = Date.now() - analyticsInterval;
    for (const [userId, at] of lastPushed) if (at < stale) lastPushed.delete(userId);
  }, deps.pingIntervalMs ?? TIMINGS.HEARTBEAT_MS);
  pingTimer.unref();
  const presenceInterval = setInterval(reportPresence, PRESENCE_REPORT_MS);
  presenceInterval.unref();

  return {
    hub,
    busKind: bus.kind,

    /** Sends each user their messages on every socket they have open, on any instance. */
    sendToUsers(deliveries: { userId: string; messages: ServerMessage[] }[]) {
      for (let i = 0; i < deliveries.length; i += DELIVERIES_PER_MESSAGE) {
        bus.publish({
          kind: 'users',
          deliveries: deliveries
            .slice(i, i + DELIVERIES_PER_MESSAGE)
            .map(({ userId, messages }) => ({ userId, frames: messages.map(toFrame) })),
        });
      }
    },

    /** Sends one message to every open socket, on every instance. */
    broadcast(message: ServerMessage) {
      bus.publish({ kind: 'broadcast', frame: toFrame(message) });
    },

    /** A system_announcement toast, to everyone or to the given users. */
    announce(text: string, severity: AnnouncementSeverity = 'info', userIds?: string[]) {
      const message: ServerMessage = {
        type: 'notification',
        data: { type: 'system_announcement', message: text, severity },
      };
      if (userIds) this.sendToUsers(userIds.map((userId) => ({ userId, messages: [message] })));
      else this.broadcast(message);
    },

    /** Closes the sockets of these sessions (keyed token hashes) on every instance. */
    endSessions(tokenHashes: string[]) {
      if (tokenHashes.length) bus.publish({ kind: 'sessions-ended', tokenHashes: [...new Set(tokenHashes)] });
    },

    /** These producers' numbers changed; whoever holds their sockets pushes fresh analytics. */
    analyticsChanged(userIds: string[]) {
      if (userIds.length) bus.publish({ kind: 'analytics', userIds: [...new Set(userIds)] });
    },

    /** The analytics feature computes the figures; realtime only decides when to send them. */
    setAnalyticsSource(source: (userId: string) => Promise<Analytics>) {
      analyticsSource = source;
    },

    presence(): Promise<PresenceTotals> {
      return bus.presenceTotals(hub.presence());
    },

    /** A socket came or went: report soon (coalesced), so other instances' stats catch up. */
    presenceChanged() {
      if (bus.kind === 'local' || presenceTimer) return;
      presenceTimer = setTimeout(() => {
        presenceTimer = null;
        reportPresence();
      }, 250);
      presenceTimer.unref();
    },

    async close() {
      clearInterval(pingTimer);
      clearInterval(presenceInterval);
      if (presenceTimer) clearTimeout(presenceTimer);
      for (const timer of pendingPush.values()) clearTimeout(timer);
      hub.closeAll();
      await bus.close();
    },
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
