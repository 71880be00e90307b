// Community lists: music roles,
// notification and activity types, and the realtime connection's states.
import { optionValues } from './option-values';

/** Display-only music role picker; every role is free. */
export const MUSIC_ROLES = [
  { value: 'producer', label: 'Producer' },
  { value: 'beatmaker', label: 'Beatmaker' },
  { value: 'rapper', label: 'Rapper' },
  { value: 'singer', label: 'Singer' },
  { value: 'songwriter', label: 'Songwriter' },
  { value: 'vocalist', label: 'Vocalist' },
  { value: 'dj', label: 'DJ' },
  { value: 'artist', label: 'Artist' },
  { value: 'musician', label: 'Musician' },
  { value: 'composer', label: 'Composer' },
  { value: 'sound_engineer', label: 'Sound Engineer' },
  { value: 'music_fan', label: 'Music Fan' },
] as const;
export const MUSIC_ROLE_VALUES = optionValues(MUSIC_ROLES);

/** The label shown for a profile's music role; null when unset or not one of ours. */
export function musicRoleLabel(role: string | null | undefined): string | null {
  return MUSIC_ROLES.find((r) => r.value === role)?.label ?? null;
}

/** new_sale: a producer sold a licence. */
export const NOTIFICATION_TYPES = [
  'new_follower',
  'new_beat',
  'beat_review',
  'promotional',
  'new_sale',
  /** An order was refunded: told to its buyer and its producer (data.beatId). */
  'order_refunded',
  /** Support answered one of the member's tickets (data.ticketNumber). */
  'support_reply',
  /** A challenge the member entered closed: they won it, or who did (data.challengeId). */
  'challenge_result',
  /** Someone responded to the member's collaboration request (data.collaborationId). */
  'collaboration_response',
  /** The requester accepted the member's response: a session is open (data.collaborationId). */
  'collaboration_accepted',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ACTIVITY_TYPES = [
  'beat_uploaded',
  'beat_purchased',
  'user_followed',
  'beat_rated',
  'challenge_entry',
  'collaboration_started',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const CONNECTION_STATUSES = ['disconnected', 'connecting', 'connected', 'error'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** WebSocket close codes that mean "closed on purpose": no reconnect. */
export const NORMAL_CLOSE_CODES = [1000, 1001] as const;
