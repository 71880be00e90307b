import type { LiveStats } from '@beatroom/shared/realtime-objects-contract';
import type { PresenceTotals } from '../../platform/realtime/event-bus';
import type { LiveRepository } from './live.repository';

/** "Now playing": a play started this recently is taken to be still going (beats run 2-4 min). */
export const NOW_PLAYING_WINDOW_MS = 5 * 60_000;
export const RECENT_ACTIVITY_WINDOW_MS = 60 * 60_000;

/**
 * Home's live tiles, from real presence data: open realtime
 * sockets and their users (every instance), recent plays, and recent activity items. The
 * definitions are on the LiveStats schema in shared/realtime-contract.ts.
 */
export function createLiveService(deps: {
  repo: LiveRepository;
  presence: () => Promise<PresenceTotals>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async stats(): Promise<LiveStats> {
      const t = now().getTime();
      const [presence, plays, recentActivities] = await Promise.all([
        deps.presence(),
        deps.repo.playsSince(new Date(t - NOW_PLAYING_WINDOW_MS)),
        deps.repo.activitiesSince(new Date(t - RECENT_ACTIVITY_WINDOW_MS)),
      ]);
      return {
        connectedUsers: presence.connectedUsers,
        activeSessions: presence.activeSessions,
        totalPlaying: plays.plays,
        totalListening: plays.listeners,
        recentActivities,
      };
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
