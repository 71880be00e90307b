import { ANALYTICS_LOCKED, type ListenerChartResponse } from '@beatroom/shared/analytics-charts-contract';
import type { Analytics } from '@beatroom/shared/realtime-objects-contract';
import { forbidden } from '../../../http/http-errors';
import type { RealtimeService } from '../../platform/realtime/realtime.service';
import type { UserRecord } from '../../platform/users/user-record';
import type { AnalyticsRepository } from './analytics.repository';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * 24 * HOUR_MS;
/** Beat → owner answers kept for play events; owners never change, so entries never go stale. */
const OWNER_CACHE_MAX = 10_000;

export const ANALYTICS_OWNER_ONLY = 'Only the owner can see these analytics';

/**
 * Percent change of plays in the last 7 days against the 7 days before, one decimal: 100 when
 * there were none before and some now, 0 when there were none in either.
 */
export function growthRate(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** What selling adds to a producer's numbers, read from the earnings and downloads services. */
export interface SalesFigures {
  /** Gross sales in USD cents (totalRevenue). */
  revenue(producerId: string): Promise<number>;
  /** Downloads of the producer's beats by others since a time (recentDownloads: the last hour). */
  downloadsSince(producerId: string, since: Date): Promise<number>;
}

/** A producer's numbers, revenue and downloads from real sales. */
export function createAnalyticsService(deps: {
  repo: AnalyticsRepository;
  realtime: Pick<RealtimeService, 'analyticsChanged'>;
  sales: SalesFigures;
  /** Whether the producer's tier now includes analytics_access (the listener chart). */
  analyticsAccess?: (userId: string) => Promise<boolean>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const owners = new Map<string, string>();

  async function compute(userId: string): Promise<Analytics> {
    const at = now();
    const t = at.getTime();
    const [totals, recentPlays, thisWeek, lastWeek, revenue, recentDownloads] = await Promise.all([
      repo.totals(userId),
      repo.playsBetween(userId, new Date(t - HOUR_MS), at),
      repo.playsBetween(userId, new Date(t - WEEK_MS), at),
      repo.playsBetween(userId, new Date(t - 2 * WEEK_MS), new Date(t - WEEK_MS)),
      deps.sales.revenue(userId),
      deps.sales.downloadsSince(userId, new Date(t - HOUR_MS)),
    ]);
    return {
      totalPlays: totals.plays,
      totalDownloads: totals.downloads,
      totalBeats: totals.beats,
      totalFollowers: totals.followers,
      totalRevenue: revenue,
      averageRating: totals.averageRating === null ? null : Math.round(totals.averageRating * 100) / 100,
      growthRate: growthRate(thisWeek, lastWeek),
      recentPlays,
      recentDownloads,
      lastUpdated: at.toISOString(),
    };
  }

  return {
    compute,

    /** A producer's beats, plays, downloads, followers and average rating. */
    totals: (userId: string) => repo.totals(userId),

    /** GET /api/users/{id}/analytics: the owner only, checked before anything is read. */
    async forUser(viewer: UserRecord, userId: string): Promise<Analytics> {
      if (viewer.id !== userId) throw forbidden(ANALYTICS_OWNER_ONLY);
      return compute(userId);
    },

    /**
     * GET /api/users/{id}/analytics/listeners: the owner only, and only on a tier with
     * analytics_access; every day of the range present, oldest first.
     */
    async listeners(viewer: UserRecord, userId: string, days: number): Promise<ListenerChartResponse> {
      if (viewer.id !== userId) throw forbidden(ANALYTICS_OWNER_ONLY);
      if (deps.analyticsAccess && !(await deps.analyticsAccess(userId))) throw forbidden(ANALYTICS_LOCKED);
      const at = now();
      const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
      const since = new Date(today - (days - 1) * DAY_MS);
      const rows = new Map((await repo.playsByDay(userId, since)).map((r) => [r.date, r]));
      return {
        days: Array.from({ length: days }, (_, i) => {
          const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
          const row = rows.get(date);
          return { date, plays: row?.plays ?? 0, listeners: row?.listeners ?? 0 };
        }),
      };
    },

    changed(userIds: string[]) {
      deps.realtime.analyticsChanged(userIds);
    },

    /** A play changes its producer's numbers; the owner lookup is cached per beat. */
    async onBeatPlayed(event: { beatId: string }) {
      let owner = owners.get(event.beatId);
      if (!owner) {
        owner = (await repo.beatOwner(event.beatId)) ?? undefined;
        if (!owner) return;
        if (owners.size >= OWNER_CACHE_MAX) owners.clear();
        owners.set(event.beatId, owner);
      }
      deps.realtime.analyticsChanged([owner]);
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
