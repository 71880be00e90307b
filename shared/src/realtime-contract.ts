// The WebSocket contract of /api/ws and the objects it carries.
// Both ends use these schemas: the server builds messages of these types, the client parses
// with parseServerMessage (realtime-client-rules.ts) and ignores anything that does not match.
import { z } from 'zod';
import { CollabEvent } from './collab-events-contract';
import { ActivityItem, Analytics, LiveStats, Notification } from './realtime-objects-contract';
import { text } from './text-fields';

/** The one realtime endpoint, authenticated by the session cookie or a Bearer token. */
export const REALTIME_PATH = '/api/ws';

/**
 * Close codes. 1000/1001 are normal: the client does not reconnect. 1008 (policy violation):
 * the `auth` message named a user other than the session's. 1012 (service restart): the server
 * is shutting down; not a normal close, so clients reconnect (to another instance, or later).
 */
export const CLOSE_CODES = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  POLICY_VIOLATION: 1008,
  SERVICE_RESTART: 1012,
} as const;

/**
 * Channels a socket may unsubscribe from and subscribe to again (all are on by default).
 * The channel names are ours. Unknown channels are ignored.
 */
export const REALTIME_CHANNELS = ['notifications', 'activity', 'analytics'] as const;
export type RealtimeChannel = (typeof REALTIME_CHANNELS)[number];

export const ANNOUNCEMENT_SEVERITIES = ['info', 'success', 'warning', 'error'] as const;
export type AnnouncementSeverity = (typeof ANNOUNCEMENT_SEVERITIES)[number];

// ---------------------------------------------------------------------------------------------
// Client → server
// ---------------------------------------------------------------------------------------------

/** Sent once after opening. A userId that is not the session's user closes the socket (1008). */
export const ClientAuthMessage = z.object({
  type: z.literal('auth'),
  data: z.object({ userId: z.string() }),
});
/** Sent every TIMINGS.HEARTBEAT_MS; the server answers with a heartbeat echoing timestamp. */
export const ClientHeartbeatMessage = z.object({ type: z.literal('heartbeat'), timestamp: z.number() });
export const ClientSubscriptionMessage = z.object({
  type: z.literal('notification'),
  data: z.object({ type: z.enum(['subscribe', 'unsubscribe']), channel: text().min(1).max(100) }),
});
export const ClientMessage = z.discriminatedUnion('type', [
  ClientAuthMessage,
  ClientHeartbeatMessage,
  ClientSubscriptionMessage,
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// ---------------------------------------------------------------------------------------------
// Server → client: one envelope {type, data}; heartbeat is the only flat message.
// ---------------------------------------------------------------------------------------------

export const NotificationEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new_notification'), notification: Notification }),
  z.object({ type: z.literal('unread_count_updated'), count: z.number().int().min(0) }),
  /** First message on every socket: the session's user, so the client knows whom it serves. */
  z.object({ type: z.literal('connected'), userId: z.string() }),
  z.object({
    type: z.literal('system_announcement'),
    message: z.string(),
    severity: z.enum(ANNOUNCEMENT_SEVERITIES),
  }),
]);
export type NotificationEvent = z.infer<typeof NotificationEvent>;

export const ActivityEvent = z.discriminatedUnion('type', [
  /** Sent on connect: the newest items, newest first (at most UI.ACTIVITY_FEED_MAX). */
  z.object({ type: z.literal('initial_feed'), activities: z.array(ActivityItem) }),
  z.object({ type: z.literal('new_activity'), activity: ActivityItem }),
]);
export type ActivityEvent = z.infer<typeof ActivityEvent>;

export const AnalyticsEvent = z.discriminatedUnion('type', [
  /** Sent to a producer when their numbers change, at most every few seconds. */
  z.object({ type: z.literal('stats_updated'), analytics: Analytics }),
]);
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

/**
 * A support ticket changed (support-contract.ts): created or answered by a member (to admins),
 * answered or updated by support (to its owner; internal notes reach admins only). The screens
 * refetch the ticket; the message carries no ticket content.
 */
export const SupportEvent = z.object({
  type: z.enum(['ticket_created', 'ticket_message', 'ticket_updated']),
  ticket_number: z.string(),
});
export type SupportEvent = z.infer<typeof SupportEvent>;

export const ServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('support'), data: SupportEvent }),
  z.object({ type: z.literal('notification'), data: NotificationEvent }),
  z.object({ type: z.literal('activity'), data: ActivityEvent }),
  z.object({ type: z.literal('analytics'), data: AnalyticsEvent }),
  /** The answer to a client heartbeat; timestamp echoes the client's. */
  z.object({ type: z.literal('heartbeat'), timestamp: z.number() }),
  /**
   * Home's live stats, pushed when sockets come or go (a socket's own arrival included, so a
   * viewer sees themselves counted without waiting for the 30 s poll). Throttled by the server.
   */
  z.object({ type: z.literal('live_stats'), data: LiveStats }),
  /** A collaborative session's live event (collab-sessions-contract.ts), to its members only. */
  z.object({ type: z.literal('collab'), data: CollabEvent }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** The channel a server message belongs to, for subscribe/unsubscribe filtering. */
export function channelOf(message: ServerMessage): RealtimeChannel | null {
  switch (message.type) {
    case 'notification':
      // connected and announcements reach every socket whatever it unsubscribed from.
      return message.data.type === 'connected' || message.data.type === 'system_announcement'
        ? null
        : 'notifications';
    case 'activity':
      return 'activity';
    case 'analytics':
      return 'analytics';
    // live_stats and heartbeat answers reach every socket.
    default:
      return null;
  }
}
