// The objects the realtime connection carries (notifications, activity items, a producer's
// numbers, the live figures), which pages also read over HTTP. Apart from the message contract
// (realtime-contract.ts): a page that shows a live figure reads these schemas without evaluating
// every message's, the live sessions' and the studio arrangement's among them. Dates are ISO 8601
// strings.
import { z } from 'zod';
import { ACTIVITY_TYPES, NOTIFICATION_TYPES } from './community-constants';

/** A notification; data.followerId for new_follower, data.beatId for new_beat and beat_review. */
export const Notification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: z.object({
    followerId: z.string().optional(),
    beatId: z.string().optional(),
    /** support_reply: the ticket answered. */
    ticketNumber: z.string().optional(),
    /** challenge_result: the challenge that closed. */
    challengeId: z.string().optional(),
    /** collaboration_response, collaboration_accepted: the board request. */
    collaborationId: z.string().optional(),
  }),
});
export type Notification = z.infer<typeof Notification>;

/**
 * One community event. userName is the actor's display name (fallback "User xxxxxxxx");
 * userAvatar is a URL (their profile image under /api/files/, else their Google picture) or
 * null. targetId/targetName name the beat (beat_uploaded, beat_rated) or the followed user
 * (user_followed). metadata.rating is set for beat_rated.
 */
export const ActivityItem = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  userId: z.string(),
  userName: z.string(),
  userAvatar: z.string().nullable(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  timestamp: z.string(),
  metadata: z.object({ rating: z.number().int().min(1).max(5).optional() }),
});
export type ActivityItem = z.infer<typeof ActivityItem>;

/**
 * A producer's numbers (GET /api/users/{id}/analytics and the realtime stats_updated).
 * totalRevenue is in cents. averageRating is null without ratings. growthRate is the percent
 * change of plays in the last 7 days against the 7 days before (100 when there were none before
 * and some now, 0 when neither). recentPlays and recentDownloads count the last hour.
 */
export const Analytics = z.object({
  totalPlays: z.number().int().min(0),
  totalDownloads: z.number().int().min(0),
  totalBeats: z.number().int().min(0),
  totalFollowers: z.number().int().min(0),
  totalRevenue: z.number().int().min(0),
  averageRating: z.number().nullable(),
  growthRate: z.number(),
  recentPlays: z.number().int().min(0),
  recentDownloads: z.number().int().min(0),
  lastUpdated: z.string(),
});
export type Analytics = z.infer<typeof Analytics>;

/**
 * GET /api/live/stats. connectedUsers: distinct signed-in users with an open realtime socket
 * (across every server instance). activeSessions: open realtime sockets (a user with two tabs
 * counts twice). totalPlaying: plays started in the last 5 minutes. totalListening: distinct
 * listeners behind those plays (a signed-out play counts as one listener each).
 * recentActivities: activity items in the last hour.
 */
export const LiveStats = z.object({
  connectedUsers: z.number().int().min(0),
  activeSessions: z.number().int().min(0),
  totalPlaying: z.number().int().min(0),
  totalListening: z.number().int().min(0),
  recentActivities: z.number().int().min(0),
});
export type LiveStats = z.infer<typeof LiveStats>;
