import {
  creditPackBonusPercent,
  creditPackUses,
  formatCredits,
  formatPriceIn,
} from '@beatroom/shared/format-money';
import { CREDIT_PACKS, type Currency } from '@beatroom/shared/money-constants';
import { Rocket, Star } from 'lucide-react';
import { ChoiceCard } from '../../../components/ui/choice-card';

export type CreditPack = (typeof CREDIT_PACKS)[number];

const plural = (n: number, one: string, many: string) => `${formatCredits(n)} ${n === 1 ? one : many}`;

/**
 * The six packs: credits, price in the user's currency, the bonus with its
 * percent badge, BEST VALUE on the 1,000 pack, and what the pack buys in boosts (credits/100)
 * and weekly features (credits/200).
 */
export function CreditPackOptions({
  selected,
  onSelect,
  currency,
  disabled = false,
}: {
  selected: number | null;
  onSelect: (credits: number) => void;
  currency: Currency;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-3 text-sm font-semibold">Choose a credit pack</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-3">
        {CREDIT_PACKS.map((pack) => {
          const price = formatPriceIn(pack.price_cents, currency);
          const percent = creditPackBonusPercent(pack);
          const uses = creditPackUses(pack);
          return (
            <ChoiceCard
              key={pack.credits}
              name="credit-pack"
              value={String(pack.credits)}
              checked={selected === pack.credits}
              onSelect={() => onSelect(pack.credits)}
              label={`${formatCredits(pack.credits)} credits, ${price}`}
              badge={pack.bestValue ? 'BEST VALUE' : undefined}
              highlighted={pack.bestValue}
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="text-lg font-bold numeric">{formatCredits(pack.credits)}</span>
                <span className="font-bold text-amber-300 numeric">{price}</span>
              </span>
              <span className="flex flex-wrap items-center gap-1.5 text-xs">
                <span className="text-muted">credits</span>
                {percent > 0 ? (
                  <>
                    <span className="rounded-full bg-emerald-500/15 px-1.5 py-0.5 font-semibold text-emerald-300">
                      +{percent}%
                    </span>
                    <span className="text-emerald-300 numeric">+{formatCredits(pack.bonus)} bonus</span>
                  </>
                ) : null}
              </span>
              <span className="flex flex-col gap-0.5 text-xs text-muted">
                <span className="flex items-center gap-1.5">
                  <Rocket aria-hidden="true" className="size-3.5 shrink-0" />
                  {plural(uses.boosts, 'boost', 'boosts')}
                </span>
                <span className="flex items-center gap-1.5">
                  <Star aria-hidden="true" className="size-3.5 shrink-0" />
                  {plural(uses.weeklyFeatures, 'weekly feature', 'weekly features')}
                </span>
              </span>
            </ChoiceCard>
          );
        })}
      </div>
    </fieldset>
  );
}
