// HTTP contract of the charts a tier with analytics_access unlocks:
// earnings by day and listeners by day over a chosen range. The earnings page's 30-day chart and
// the beat and profile analytics stay open to everyone; these answer 403 ANALYTICS_LOCKED to
// members whose tier does not include analytics.
import { z } from 'zod';
import { Currency } from './money-contract';

/** The ranges the charts offer, in days (today, UTC, included). */
export const CHART_RANGES = [7, 30, 90, 365] as const;
export const DEFAULT_CHART_RANGE = 90;

/** `?days=` of both charts. */
export const ChartQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((n) => (CHART_RANGES as readonly number[]).includes(n), {
      message: `must be one of ${CHART_RANGES.join(', ')}`,
    })
    .default(DEFAULT_CHART_RANGE),
});
export type ChartQuery = z.input<typeof ChartQuery>;

/** GET /api/users/me/earnings/by-day: one entry per day (YYYY-MM-DD, UTC), oldest first, every day present. */
export const EarningsByDayResponse = z.object({
  currency: Currency,
  days: z.array(z.object({ date: z.string(), sales: z.number().int(), net_cents: z.number().int() })),
});
export type EarningsByDayResponse = z.infer<typeof EarningsByDayResponse>;

/**
 * GET /api/users/{id}/analytics/listeners (the owner only): plays of the producer's beats per
 * day and the distinct listeners behind them (a signed-out play counts as one listener).
 */
export const ListenerChartResponse = z.object({
  days: z.array(z.object({ date: z.string(), plays: z.number().int(), listeners: z.number().int() })),
});
export type ListenerChartResponse = z.infer<typeof ListenerChartResponse>;

/** The 403 of both charts for a tier without analytics_access. */
export const ANALYTICS_LOCKED =
  'Earnings by day and listener charts come with a plan that includes analytics: upgrade to see them';
