import { formatAmount } from '@beatroom/shared/format-money';
import type { EarningsResponse } from '@beatroom/shared/earnings-contract';
import { Landmark, LoaderCircle, Music } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PanelSection } from '../../../components/ui/panel-section';
import { serverErrorText } from '../../../lib/error-text';
import { usePayoutOnboarding } from '../hooks/use-payout-onboarding';

/** Sales per beat, best sellers first (the server's order is kept when they tie). */
export function PerBeatTable({ earnings }: { earnings: EarningsResponse }) {
  const { currency, per_beat: rows } = earnings;
  if (rows.length === 0) {
    return (
      <EmptyState
        Icon={Music}
        title="No sales yet"
        message="When someone buys a licence for one of your beats, the sale shows up here."
      >
        <Link to="/upload" className={buttonClasses()}>
          Upload a Beat
        </Link>
      </EmptyState>
    );
  }
  const sorted = [...rows].sort((a, b) => b.net_cents - a.net_cents);
  const cell = 'px-3 py-2.5 text-right numeric';
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-md text-sm">
        <caption className="sr-only">Sales per beat</caption>
        <thead className="text-left text-xs text-muted">
          <tr className="border-b border-line">
            <th scope="col" className="px-3 py-2 font-medium">
              Beat
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Sales
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Gross
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.beat_id} className="border-b border-line last:border-0">
              <th scope="row" className="max-w-64 truncate px-3 py-2.5 text-left font-medium">
                <Link to={`/beat/${encodeURIComponent(row.beat_id)}`} className="hover:underline">
                  {row.beat_title}
                </Link>
              </th>
              <td className={cell}>{row.sales}</td>
              <td className={cell}>{formatAmount(row.gross_cents, currency)}</td>
              <td className={`${cell} font-semibold`}>{formatAmount(row.net_cents, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const STATUS_TEXT: Record<
  EarningsResponse['payout']['status'],
  { label: string; tone: string; text: string }
> = {
  unavailable: {
    label: 'Not available',
    tone: 'bg-fg/10 text-muted',
    text: 'Payouts need Stripe configured on this server. Sales here are test payments: they are recorded, but no money moves.',
  },
  not_connected: {
    label: 'Not connected',
    tone: 'bg-amber-400/15 text-amber-300',
    text: 'Connect a payout account with Stripe to get paid for your sales. Earnings wait for you until you do.',
  },
  pending: {
    label: 'Pending',
    tone: 'bg-amber-400/15 text-amber-300',
    text: 'Your payout account is not ready yet: finish the Stripe onboarding to receive your earnings.',
  },
  active: {
    label: 'Active',
    tone: 'bg-emerald-500/15 text-emerald-300',
    text: 'Payouts are active: Stripe pays your sales into your account.',
  },
};

/**
 * Payout status: with Stripe, a producer connects a payout account (Connect payouts,
 * or Continue onboarding when it is half done); without Stripe the page says why there is none.
 */
export function PayoutPanel({ earnings }: { earnings: EarningsResponse }) {
  const onboarding = usePayoutOnboarding();
  const { status, pending_transfer_cents: waiting } = earnings.payout;
  const { label, tone, text } = STATUS_TEXT[status];
  const canConnect = status === 'not_connected' || status === 'pending';

  return (
    <PanelSection
      title="Payouts"
      Icon={Landmark}
      actions={<span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>}
    >
      <p className="mt-3 text-sm text-muted">{text}</p>
      {waiting > 0 ? (
        <p className="mt-2 text-sm">
          <span className="font-semibold numeric">{formatAmount(waiting, earnings.currency)}</span> waiting
          for your payout account.
        </p>
      ) : null}
      {canConnect ? (
        <div className="mt-4 flex flex-col items-start gap-2">
          <Button onClick={() => onboarding.mutate()} disabled={onboarding.isPending}>
            {onboarding.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : null}
            {status === 'pending' ? 'Continue onboarding' : 'Connect payouts'}
          </Button>
          {onboarding.isError ? (
            <p role="alert" className="text-sm text-red-400">
              {serverErrorText(onboarding.error) ?? 'Could not start payout onboarding. Please try again.'}
            </p>
          ) : null}
        </div>
      ) : null}
    </PanelSection>
  );
}
