import type { SessionUser } from '@beatroom/shared/auth-contract';
import { formatAmount } from '@beatroom/shared/format-money';
import { formatNumber } from '@beatroom/shared/format-numbers';
import { convertedNote } from '@beatroom/shared/list-price';
import { useQuery } from '@tanstack/react-query';
import { BadgeDollarSign, ChartColumn, HandCoins, Percent, Wallet } from 'lucide-react';
import { ErrorState } from '../../../components/ui/error-state';
import { PanelSection } from '../../../components/ui/panel-section';
import { StatTile } from '../../../components/ui/stat-tile';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { earningsQueryOptions } from '../api';
import { EarningsByDay } from './earnings-by-day';
import { EarningsChart } from './earnings-chart';
import { PayoutPanel, PerBeatTable } from './earnings-sections';

function EarningsSkeleton() {
  return (
    <div role="status" aria-label="Loading earnings" className="flex flex-col gap-6">
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="h-20 animate-pulse rounded-2xl bg-fg/10" />
        ))}
      </div>
      <div aria-hidden="true" className="h-64 animate-pulse rounded-3xl bg-fg/10" />
      <div aria-hidden="true" className="h-48 animate-pulse rounded-3xl bg-fg/10" />
    </div>
  );
}

/**
 * /earnings: a producer's sales ledger summed (gross, platform fees, net), the last
 * 30 days as a chart, earnings by day over a chosen range (plans with analytics; `onUpgrade`
 * opens the Upgrade dialog from its locked panel), sales per beat, and payout status. A live
 * "New sale" refreshes it (app/'s realtime dispatch invalidates the query).
 */
export function EarningsPage({ user, onUpgrade }: { user: SessionUser; onUpgrade?: () => void }) {
  const earnings = useQuery(earningsQueryOptions(user.id));
  const viewer = usePreferredCurrency();

  let body;
  if (earnings.isPending) body = <EarningsSkeleton />;
  else if (earnings.isError) {
    body = (
      <ErrorState
        title="Could not load your earnings"
        onRetry={() => void earnings.refetch()}
        retrying={earnings.isFetching}
      />
    );
  } else {
    const data = earnings.data;
    // Earnings stay in the currency they were charged in (not the viewer's preferredCurrency):
    // they are accounting amounts that payouts and invoices must match to the cent, and a
    // display rate would make them disagree. A viewer of another currency gets the totals
    // converted beside them, for display only.
    const money = (cents: number) => formatAmount(cents, data.currency);
    const total = (cents: number) => {
      const note = convertedNote(cents, data.currency, viewer);
      return note ? `${money(cents)} (${note})` : money(cents);
    };
    body = (
      <div className="flex flex-col gap-6">
        <dl aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatTile label="Gross sales" Icon={BadgeDollarSign} value={total(data.totals.gross_cents)} />
          <StatTile label="Platform fees" Icon={Percent} value={total(data.totals.fee_cents)} />
          <StatTile
            label="Net earnings"
            Icon={Wallet}
            value={total(data.totals.net_cents)}
            tint="bg-emerald-500/15 text-emerald-300"
          />
          <StatTile label="Sales" Icon={HandCoins} value={formatNumber(data.totals.sales)} />
        </dl>
        <p className="-mt-3 text-xs text-muted">
          Amounts in {data.currency}, the currency sales are charged in
          {viewer === data.currency ? '' : `; ≈ ${viewer} for display only`}.
        </p>
        <div className="grid gap-6 lg:grid-cols-3">
          <PanelSection title="Last 30 days" Icon={ChartColumn} className="lg:col-span-2">
            <div className="mt-4">
              <EarningsChart days={data.last_30_days} currency={data.currency} />
            </div>
          </PanelSection>
          <PayoutPanel earnings={data} />
        </div>
        <EarningsByDay userId={user.id} onUpgrade={onUpgrade} />
        <PanelSection title="Sales per beat" Icon={BadgeDollarSign}>
          <div className="mt-3">
            <PerBeatTable earnings={data} />
          </div>
        </PanelSection>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Earnings</h1>
        <p className="mt-1 text-sm text-muted">What your beats have sold, and what reaches you after fees.</p>
      </div>
      {body}
    </div>
  );
}
