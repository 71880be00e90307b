import type { PromotionOption } from '@beatroom/shared/promotions-contract';
import { Gift, Percent } from 'lucide-react';

/** The plan's included featured slots of the month, when it has any (the featured options share them). */
export function includedSlots(
  options: readonly PromotionOption[],
): { left: number; perMonth: number } | null {
  const featured = options.find((option) => option.included_slots_per_month > 0);
  return featured
    ? { left: featured.included_slots_left, perMonth: featured.included_slots_per_month }
    : null;
}

/** "1 of 2 included featured slots left this month". */
export function slotsLeftText({ left, perMonth }: { left: number; perMonth: number }): string {
  return `${left} of ${perMonth} included featured ${perMonth === 1 ? 'slot' : 'slots'} left this month`;
}

/** The subscriber's discount and the plan's included featured slots left, as badges; nothing without either. */
export function PromotionPerkBadges({
  discount,
  slots,
}: {
  discount: number;
  slots: { left: number; perMonth: number } | null;
}) {
  if (discount <= 0 && !slots) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {discount > 0 ? (
        <p className="inline-flex items-center gap-1.5 rounded-full bg-emerald-500/15 px-3 py-1 text-sm font-semibold text-emerald-300">
          <Percent aria-hidden="true" className="size-4" />
          {discount}% subscriber discount
        </p>
      ) : null}
      {slots ? (
        <p className="inline-flex items-center gap-1.5 rounded-full bg-sky-500/15 px-3 py-1 text-sm font-semibold text-sky-300">
          <Gift aria-hidden="true" className="size-4" />
          {slotsLeftText(slots)}
        </p>
      ) : null}
    </div>
  );
}
