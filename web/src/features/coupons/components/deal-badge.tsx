import { useQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { dealQueryOptions } from '../api';

/** A producer's "buy N get M free", on their profile; nothing when they have no deal. */
export function DealBadge({ producerId }: { producerId: string }) {
  const deal = useQuery(dealQueryOptions(producerId));
  if (!deal.data) return null;
  return (
    <p className="inline-flex w-fit items-center gap-2 rounded-full border border-emerald-400/30 bg-emerald-400/10 px-3 py-1 text-sm font-semibold text-emerald-300">
      <Gift aria-hidden="true" className="size-4" />
      Buy {deal.data.buy_count}, get {deal.data.free_count} free: the cheapest in your cart
    </p>
  );
}
