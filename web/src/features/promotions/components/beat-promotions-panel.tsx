import { formatDate } from '@beatroom/shared/format-dates';
import { PROMOTION_OPTIONS } from '@beatroom/shared/money-constants';
import type { BeatPromotion, PromotionStatus } from '@beatroom/shared/promotions-contract';
import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { beatPromotionsQueryOptions } from '../api';
import { PromoteBeatButton } from './promote-beat-button';

const STATUS_LABELS: Record<PromotionStatus, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-emerald-500/15 text-emerald-300' },
  pending: { label: 'Awaiting payment', className: 'bg-amber-400/15 text-amber-200' },
  scheduled: { label: 'Scheduled', className: 'bg-sky-500/15 text-sky-300' },
  ended: { label: 'Ended', className: 'bg-fg/10 text-muted' },
  cancelled: { label: 'Cancelled', className: 'bg-fg/10 text-muted' },
};

const typeName = (promotion: BeatPromotion) =>
  PROMOTION_OPTIONS.find((option) => option.id === promotion.type)?.name ?? promotion.type;

/** When it starts and ends (scheduled), ends (active), ended (ended); nothing for the others. */
function endLine(promotion: BeatPromotion): string | null {
  if (!promotion.ends_at) return null;
  if (promotion.status === 'scheduled' && promotion.starts_at) {
    return `Starts ${formatDate(promotion.starts_at)}, ends ${formatDate(promotion.ends_at)}`;
  }
  if (promotion.status === 'active') return `Ends ${formatDate(promotion.ends_at)}`;
  if (promotion.status === 'ended') return `Ended ${formatDate(promotion.ends_at)}`;
  return null;
}

/**
 * The Manage Beat modal's promotions: each promotion of the beat with its state and
 * end date, newest first, and Promote, which opens Promote Your Beat.
 */
export function BeatPromotionsPanel({ beat }: { beat: { id: string; title: string } }) {
  const promotions = useQuery(beatPromotionsQueryOptions(beat.id));
  const list = promotions.data ?? [];

  return (
    <section
      aria-labelledby="beat-promotions"
      className="flex flex-col gap-3 rounded-2xl border border-line p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="beat-promotions" className="flex items-center gap-2 text-sm font-semibold">
          <Megaphone aria-hidden="true" className="size-4 text-accent" />
          Promotions
        </h3>
        <PromoteBeatButton beat={beat} />
      </div>
      {promotions.isPending ? (
        <div aria-hidden="true" className="h-10 animate-pulse rounded-xl bg-fg/10" />
      ) : promotions.isError ? (
        <p className="text-sm text-muted">Promotions could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">This beat has not been promoted yet.</p>
      ) : (
        <ul aria-label="Promotions of this beat" className="flex flex-col gap-2">
          {list.map((promotion) => {
            const status = STATUS_LABELS[promotion.status];
            const end = endLine(promotion);
            return (
              <li key={promotion.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-medium">{typeName(promotion)}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>
                  {status.label}
                </span>
                {end ? <span className="text-xs text-muted">{end}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
