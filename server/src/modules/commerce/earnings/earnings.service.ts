import { ANALYTICS_LOCKED, type EarningsByDayResponse } from '@beatroom/shared/analytics-charts-contract';
import type { EarningsResponse } from '@beatroom/shared/earnings-contract';
import { conflict, forbidden } from '../../../http/http-errors';
import type { UserRecord } from '../../platform/users/user-record';
import type { EarningsRepository } from './earnings.repository';
import type { PayoutAccountState, PayoutsGateway } from '../payments/payment-gateways';

export const PAYOUTS_UNAVAILABLE = 'Payouts need Stripe: this server only takes test payments';
/** The earnings chart covers this many days, today (UTC) included. */
export const EARNINGS_CHART_DAYS = 30;
const DAY_MS = 86_400_000;

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Whether a connected account can be sent money: Stripe's charges_enabled, the same test
 * payments use for destination charges, so a producer is "active" for both at once.
 */
const canReceive = (account: Pick<PayoutAccountState, 'chargesEnabled'>) => account.chargesEnabled;

/** YYYY-MM-DD of a time, in UTC: a day of the chart. */
const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/**
 * The last `days` days, oldest first, every day present: a sale's net counts on its UTC day.
 */
export function salesByDay(
  sales: { createdAt: Date; netCents: number; kind?: string }[],
  now: Date,
  days = EARNINGS_CHART_DAYS,
) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const buckets = new Map<string, { date: string; sales: number; net_cents: number }>();
  for (let i = days - 1; i >= 0; i--) {
    const date = dayOf(new Date(today - i * DAY_MS));
    buckets.set(date, { date, sales: 0, net_cents: 0 });
  }
  for (const sale of sales) {
    const bucket = buckets.get(dayOf(sale.createdAt));
    if (!bucket) continue;
    // A partial refund's row lowers the day's net; it is not a sale.
    if (sale.kind !== 'reversal') bucket.sales += 1;
    bucket.net_cents += sale.netCents;
  }
  return [...buckets.values()];
}

/**
 * A producer's earnings: the sales ledger summed, and payouts through Stripe Connect.
 * Sales of a producer without a payout account wait in the ledger as pending and are
 * transferred when their account becomes able to receive money (transferPending).
 */
export function createEarningsService(deps: {
  repo: EarningsRepository;
  /** null without Stripe: payouts are unavailable (local test payments move no money). */
  payouts: PayoutsGateway | null;
  publicUrl: string;
  log: Log;
  /** Whether the producer's tier now includes analytics_access (earnings by day over any range). */
  analyticsAccess?: (userId: string) => Promise<boolean>;
  now?: () => Date;
}) {
  const { repo, payouts, log } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Transfers every pending net earning of the producer to their connected account. Each row
   * uses its own idempotency key, so two runs at once (a webhook and a page load) pay once.
   * A failure stops the run; what is left stays pending for the next one.
   */
  async function transferPending(producerId: string): Promise<{ transferred: number }> {
    if (!payouts) return { transferred: 0 };
    const account = await repo.payoutAccount(producerId);
    if (!account || !canReceive(account)) return { transferred: 0 };
    let transferred = 0;
    for (const row of await repo.pendingTransfers(producerId)) {
      const { transferId } = await payouts.transfer({
        accountId: account.accountId,
        amountCents: row.netCents,
        currency: row.currency,
        idempotencyKey: `ledger-transfer-${row.id}`,
        orderId: row.orderId,
      });
      if (await repo.markTransferred(row.id, transferId)) transferred += 1;
    }
    return { transferred };
  }

  /** Stores an account's state; when it can now be paid, its waiting earnings go out. */
  async function accountChanged(accountId: string, state: PayoutAccountState) {
    const userId = await repo.updatePayoutAccount(accountId, state);
    if (userId && canReceive(state)) await transferPending(userId);
    return userId;
  }

  /**
   * The payout account as the earnings page shows it. One not yet able to receive money is
   * re-read from Stripe (the producer may come straight back from onboarding, before Stripe's
   * webhook). Once it can, earnings still waiting (sales from before, a transfer that failed)
   * go out now: loading the page is also the retry.
   */
  async function payoutStatus(userId: string): Promise<EarningsResponse['payout']['status']> {
    if (!payouts) return 'unavailable';
    const account = await repo.payoutAccount(userId);
    if (!account) return 'not_connected';
    if (!canReceive(account)) {
      try {
        const state = await payouts.account(account.accountId);
        await repo.updatePayoutAccount(account.accountId, state);
        if (!canReceive(state)) return 'pending';
      } catch (error) {
        log.warn({ err: error, userId }, 'could not refresh a payout account from Stripe');
        return 'pending';
      }
    }
    await transferPending(userId).catch((error: unknown) =>
      log.error({ err: error, userId }, 'payout transfers failed; they stay pending'),
    );
    return 'active';
  }

  return {
    transferPending,

    /** GET /api/users/me/earnings: the signed-in producer's own numbers only. */
    async earnings(user: UserRecord): Promise<EarningsResponse> {
      const at = now();
      const since = new Date(Date.parse(dayOf(at)) - (EARNINGS_CHART_DAYS - 1) * DAY_MS);
      const status = await payoutStatus(user.id);
      const [totals, perBeat, recent, pending] = await Promise.all([
        repo.totals(user.id),
        repo.perBeat(user.id),
        repo.salesSince(user.id, since),
        repo.pendingTransferCents(user.id),
      ]);
      return {
        currency: 'USD',
        totals,
        per_beat: perBeat,
        last_30_days: salesByDay(recent, at),
        payout: { status, pending_transfer_cents: pending },
      };
    },

    /**
     * GET /api/users/me/earnings/by-day: the caller's net sales per day over `days` days, for a
     * tier with analytics_access. The earnings page's 30 days stay open to all.
     */
    async earningsByDay(user: UserRecord, days: number): Promise<EarningsByDayResponse> {
      if (deps.analyticsAccess && !(await deps.analyticsAccess(user.id))) throw forbidden(ANALYTICS_LOCKED);
      const at = now();
      const since = new Date(Date.parse(dayOf(at)) - (days - 1) * DAY_MS);
      return { currency: 'USD', days: salesByDay(await repo.salesSince(user.id, since), at, days) };
    },

    /**
     * POST /api/payouts/onboarding: the producer's Connect Express account (made once) and a
     * fresh onboarding link; Stripe links are single-use, so each call makes a new one.
     */
    async onboarding(user: UserRecord): Promise<{ url: string }> {
      if (!payouts) throw conflict(PAYOUTS_UNAVAILABLE);
      let account = await repo.payoutAccount(user.id);
      if (!account) {
        const { accountId } = await payouts.createAccount({ id: user.id, email: user.email });
        account = await repo.savePayoutAccount(user.id, accountId);
      }
      return payouts.onboardingLink(account.accountId, {
        returnUrl: `${deps.publicUrl}/earnings?payouts=done`,
        refreshUrl: `${deps.publicUrl}/earnings?payouts=retry`,
      });
    },

    /**
     * Stripe's `account.updated` webhook (the webhook route belongs to payments and calls
     * this): stores the account's state and transfers waiting earnings once it can be paid.
     */
    async onAccountUpdated(accountId: string, state: PayoutAccountState) {
      try {
        return await accountChanged(accountId, state);
      } catch (error) {
        log.error({ err: error, accountId }, 'payout transfer after account.updated failed');
        throw error;
      }
    },

    /** Gross sales of a producer, for analytics' totalRevenue. */
    revenue(producerId: string): Promise<number> {
      return repo.revenue(producerId);
    },
  };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
