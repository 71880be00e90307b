import { formatPriceIn, monthlyPriceCents } from '@beatroom/shared/format-money';
import type { Currency } from '@beatroom/shared/money-constants';
import type { ProducerTier } from '@beatroom/shared/subscriptions-contract';
import { Check } from 'lucide-react';
import { ChoiceCard } from '../../../components/ui/choice-card';
import { isMostPopular, showsTwoMonthsFree, tierPerks } from '../tier-rules';

/**
 * The tier cards: the per-month price (a yearly tier's price / 12, with the
 * yearly total under it), "2 months free" on an Annual tier, MOST POPULAR on the monthly Pro,
 * what each grants. The caller's current tier is shown and cannot be chosen again.
 */
export function TierOptions({
  tiers,
  selected,
  onSelect,
  currency,
  currentTierId,
  disabled = false,
}: {
  tiers: readonly ProducerTier[];
  selected: string | null;
  onSelect: (tierId: string) => void;
  currency: Currency;
  currentTierId: string | null;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-3 text-sm font-semibold">Choose your plan</legend>
      <div className="grid gap-3 md:grid-cols-2">
        {tiers.map((tier) => {
          const perMonth = `${formatPriceIn(monthlyPriceCents(tier), currency)}/month`;
          const current = tier.id === currentTierId;
          return (
            <ChoiceCard
              key={tier.id}
              name="tier"
              value={tier.id}
              checked={selected === tier.id}
              onSelect={() => onSelect(tier.id)}
              label={`${tier.name}, ${perMonth}`}
              badge={isMostPopular(tier) ? 'MOST POPULAR' : undefined}
              highlighted={isMostPopular(tier)}
              disabled={current}
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-semibold">{tier.name}</span>
                <span className="text-lg font-bold text-amber-300 numeric">{perMonth}</span>
              </span>
              {tier.billing_period === 'yearly' ? (
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                  <span className="numeric">Billed {formatPriceIn(tier.price_cents, currency)} yearly</span>
                  {showsTwoMonthsFree(tier) ? (
                    <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 font-semibold text-emerald-300">
                      2 months free
                    </span>
                  ) : null}
                </span>
              ) : (
                <span className="text-xs text-muted">Billed monthly</span>
              )}
              {current ? (
                <span className="text-xs font-semibold text-amber-300">Your current plan</span>
              ) : null}
              <span className="text-sm text-muted">{tier.description}</span>
              <span className="flex flex-col gap-1">
                {tierPerks(tier).map((perk) => (
                  <span key={perk} className="flex items-start gap-1.5 text-xs text-muted">
                    <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-emerald-400" />
                    {perk}
                  </span>
                ))}
              </span>
            </ChoiceCard>
          );
        })}
      </div>
    </fieldset>
  );
}
