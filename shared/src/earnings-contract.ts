// HTTP contract of a producer's earnings: the sales ledger summed, and the payout account's
// onboarding. Money is integer cents (USD).
import { z } from 'zod';
import { Cents, Currency } from './money-contract';

export const PAYOUT_STATUSES = ['unavailable', 'not_connected', 'pending', 'active'] as const;

/** GET /api/users/me/earnings: the sales ledger summed (USD cents). */
export const EarningsResponse = z.object({
  currency: Currency,
  totals: z.object({ sales: z.number().int(), gross_cents: Cents, fee_cents: Cents, net_cents: Cents }),
  per_beat: z.array(
    z.object({
      beat_id: z.string(),
      beat_title: z.string(),
      sales: z.number().int(),
      gross_cents: Cents,
      net_cents: Cents,
    }),
  ),
  /** One entry per day (YYYY-MM-DD, UTC), oldest first, days without sales included. */
  last_30_days: z.array(z.object({ date: z.string(), sales: z.number().int(), net_cents: Cents })),
  payout: z.object({
    /** unavailable: no Stripe on this server; not_connected / pending / active otherwise. */
    status: z.enum(PAYOUT_STATUSES),
    /** Net earnings still waiting for a payout account. */
    pending_transfer_cents: Cents,
  }),
});
export type EarningsResponse = z.infer<typeof EarningsResponse>;

/** POST /api/payouts/onboarding: where the producer completes Stripe Connect onboarding. */
export const PayoutOnboardingResponse = z.object({ url: z.string() });
