import { TIMINGS } from '@beatroom/shared/limits';
import type { AnnouncementSeverity, ServerMessage } from '@beatroom/shared/realtime-contract';
import type { Analytics, LiveStats } from '@beatroom/shared/realtime-objects-contract';
import { toFrame, type EventBus, type PresenceTotals } from './event-bus';
import { createRealtimeProtocol, type InitialState, type SocketIdentity } from './realtime-protocol';
import type { RealtimeSocket, SocketHub } from './socket-hub';

/** A producer gets at most one stats_updated per this interval (first one right away). */
export const ANALYTICS_PUSH_INTERVAL_MS = 5_000;
/** How often this instance tells the others who is connected here (Redis bus only). */
export const PRESENCE_REPORT_MS = 10_000;
/** Sockets coming and going within this long make one presence report (Redis bus only). */
const PRESENCE_COALESCE_MS = 250;
/**
 * Every socket gets at most one live_stats per this interval (first one right away): a burst of
 * arrivals costs one stats query and one broadcast, and a newcomer still sees itself in ~2 s.
 */
export const LIVE_STATS_PUSH_INTERVAL_MS = 2_000;
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
  liveStatsIntervalMs?: number;
}) {
  const { bus, hub, log } = deps;
  const analyticsInterval = deps.analyticsIntervalMs ?? ANALYTICS_PUSH_INTERVAL_MS;
  const liveStatsInterval = deps.liveStatsIntervalMs ?? LIVE_STATS_PUSH_INTERVAL_MS;
  let analyticsSource: ((userId: string) => Promise<Analytics>) | null = null;
  let liveStatsSource: (() => Promise<LiveStats>) | null = null;
  const initialStates: InitialState[] = [];
  const lastPushed = new Map<string, number>();
  const pendingPush = new Map<string, NodeJS.Timeout>();
  let lastLiveStatsPush = 0;
  let liveStatsTimer: NodeJS.Timeout | null = null;
  /** Pushes under way; closing waits for them, so none outlives the database. */
  const inFlight = new Set<Promise<void>>();
  let closed = false;

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

  /** Same throttle as analytics, for everyone on this instance at once. */
  function liveStatsDirty() {
    if (!liveStatsSource || liveStatsTimer || closed) return;
    const wait = Math.max(0, lastLiveStatsPush + liveStatsInterval - Date.now());
    liveStatsTimer = setTimeout(() => {
      liveStatsTimer = null;
      if (closed || hub.presence().sockets === 0) return; // nobody here to tell
      lastLiveStatsPush = Date.now();
      const push = liveStatsSource!()
        .then((stats) => hub.broadcast(toFrame({ type: 'live_stats', data: stats })))
        .catch((error: unknown) => log.error({ err: error }, 'live stats push failed'))
        .finally(() => inFlight.delete(push));
      inFlight.add(push);
    }, wait);
    liveStatsTimer.unref();
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
      case 'presence-changed':
        liveStatsDirty();
        break;
    }
  });

  let presenceTimer: NodeJS.Timeout | null = null;
  const reportPresence = () =>
    bus.reportPresence(hub.presence()).catch((error: unknown) => {
      log.warn({ err: error }, 'presence report failed');
    });
  const pingTimer = setInterval(() => {
    void hub.sweep();
    const stale = Date.now() - analyticsInterval;
    for (const [userId, at] of lastPushed) if (at < stale) lastPushed.delete(userId);
  }, deps.pingIntervalMs ?? TIMINGS.HEARTBEAT_MS);
  pingTimer.unref();
  const presenceInterval = setInterval(reportPresence, PRESENCE_REPORT_MS);
  presenceInterval.unref();

  /**
   * A socket came or went here. This instance's presence is reported first (Redis: coalesced),
   * so the totals every instance then reads include it; then all instances are told.
   */
  function presenceChanged() {
    if (presenceTimer || closed) return;
    presenceTimer = setTimeout(
      () => {
        presenceTimer = null;
        void reportPresence().then(() => {
          if (!closed) bus.publish({ kind: 'presence-changed' });
        });
      },
      bus.kind === 'local' ? 0 : PRESENCE_COALESCE_MS,
    );
    presenceTimer.unref();
  }

  const protocol = createRealtimeProtocol({
    hub,
    log,
    presenceChanged,
    initialState: async (userId) => (await Promise.all(initialStates.map((state) => state(userId)))).flat(),
  });

  return {
    hub,
    busKind: bus.kind,

    /**
     * Takes over a socket the upgrade authenticated (realtime.routes.ts): the protocol in
     * realtime-protocol.ts runs it from here on.
     */
    connect(socket: RealtimeSocket, identity: SocketIdentity) {
      return protocol.connect(socket, identity);
    },

    /**
     * Adds what every new socket receives after `connected` (the activity feed, the unread
     * count): features register their part, realtime knows none of them. Sent in the order
     * registered, once all are ready.
     */
    onConnect(state: InitialState) {
      initialStates.push(state);
    },

    /** Sockets open on this instance (the metrics' gauge). */
    localSocketCount(): number {
      return hub.presence().sockets;
    },
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

    /** The live feature computes home's live stats; realtime pushes them when presence changes. */
    setLiveStatsSource(source: () => Promise<LiveStats>) {
      liveStatsSource = source;
    },

    presence(): Promise<PresenceTotals> {
      return bus.presenceTotals(hub.presence());
    },

    async close() {
      closed = true;
      clearInterval(pingTimer);
      clearInterval(presenceInterval);
      if (presenceTimer) clearTimeout(presenceTimer);
      if (liveStatsTimer) clearTimeout(liveStatsTimer);
      for (const timer of pendingPush.values()) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
      hub.closeAll();
      await bus.close();
    },
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
