import { formatCredits, formatPriceIn } from '@beatroom/shared/format-money';
import type { Currency } from '@beatroom/shared/money-constants';
import type { PromotionOption } from '@beatroom/shared/promotions-contract';
import type { PromotionType } from '@beatroom/shared/money-constants';
import { Check } from 'lucide-react';
import { ChoiceCard } from '../../../components/ui/choice-card';

/** A price with the list price struck through beside it when a discount lowered it. */
function Price({ now, was }: { now: string; was: string | null }) {
  return (
    <span className="flex items-baseline gap-1.5">
      {was ? <s className="text-xs text-muted numeric">{was}</s> : null}
      <span className="numeric">{now}</span>
    </span>
  );
}

/**
 * The promotion options: name, what it does, its duration and benefits, the
 * credit and cash price; a subscriber sees the reduced prices with the list prices struck, and
 * "Included in your plan" on the featured options while an included slot of the month is left.
 */
export function PromotionOptions({
  options,
  selected,
  onSelect,
  currency,
  disabled = false,
}: {
  options: readonly PromotionOption[];
  selected: PromotionType | null;
  onSelect: (type: PromotionType) => void;
  currency: Currency;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-3 text-sm font-semibold">Choose a promotion</legend>
      <div className="grid gap-3 md:grid-cols-3">
        {options.map((option) => {
          const credits = `${formatCredits(option.credits)} credits`;
          const cash = formatPriceIn(option.price_cents, currency);
          const discounted =
            option.credits !== option.list_credits || option.price_cents !== option.list_price_cents;
          return (
            <ChoiceCard
              key={option.id}
              name="promotion"
              value={option.id}
              checked={selected === option.id}
              onSelect={() => onSelect(option.id)}
              label={`${option.name}, ${credits} or ${cash}`}
              badge={option.popular ? 'POPULAR' : undefined}
              highlighted={option.popular}
            >
              <span className="font-semibold">{option.name}</span>
              <span className="text-sm text-muted">{option.description}</span>
              <span className="text-xs text-muted">
                {option.duration_days} {option.duration_days === 1 ? 'day' : 'days'}
              </span>
              <span className="flex flex-col gap-1">
                {option.benefits.map((benefit) => (
                  <span key={benefit} className="flex items-start gap-1.5 text-xs text-muted">
                    <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-emerald-400" />
                    {benefit}
                  </span>
                ))}
              </span>
              {option.included_slots_left > 0 ? (
                <span className="self-start rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300">
                  Included in your plan
                </span>
              ) : null}
              <span className="mt-auto flex flex-col gap-0.5 text-sm font-bold text-amber-300">
                <Price
                  now={credits}
                  was={discounted ? `${formatCredits(option.list_credits)} credits` : null}
                />
                <Price
                  now={cash}
                  was={discounted ? formatPriceIn(option.list_price_cents, currency) : null}
                />
              </span>
            </ChoiceCard>
          );
        })}
      </div>
    </fieldset>
  );
}
