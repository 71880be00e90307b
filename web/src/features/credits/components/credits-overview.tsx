import { formatCredits } from '@beatroom/shared/format-money';
import { useQuery } from '@tanstack/react-query';
import { Coins, Gift, ShoppingBag, TrendingDown } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { StatTile } from '../../../components/ui/stat-tile';
import { creditsQueryOptions } from '../api';
import { useBuyCreditsDialog } from '../store/buy-credits-dialog-store';
import { CreditTransactions } from './credit-transactions';

/**
 * One's credits: available, bought, earned and spent, Buy More, and the 10
 * newest transactions. The settings credits section and the profile's credits tab show it.
 */
export function CreditsOverview({ userId }: { userId: string }) {
  const credits = useQuery(creditsQueryOptions(userId));
  const openBuyCredits = useBuyCreditsDialog((state) => state.open);
  const balance = credits.data?.credits;
  const pending = credits.isPending;
  const tiles = [
    { label: 'Available', Icon: Coins, value: balance?.credits_available },
    { label: 'Purchased', Icon: ShoppingBag, value: balance?.credits_total_purchased },
    { label: 'Earned', Icon: Gift, value: balance?.credits_total_earned },
    { label: 'Spent', Icon: TrendingDown, value: balance?.credits_total_spent },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">Credits never expire. Spend them to promote your beats.</p>
        <Button size="sm" onClick={() => openBuyCredits()}>
          <Coins aria-hidden="true" className="size-4" />
          Buy More
        </Button>
      </div>
      <dl aria-label="Credit balance" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map((tile) => (
          <StatTile
            key={tile.label}
            label={tile.label}
            Icon={tile.Icon}
            value={formatCredits(tile.value)}
            pending={pending}
          />
        ))}
      </dl>
      <section aria-labelledby="credit-history" className="flex flex-col gap-2">
        <h3 id="credit-history" className="text-sm font-semibold">
          Recent transactions
        </h3>
        {pending ? (
          <div aria-hidden="true" className="flex flex-col gap-2">
            {Array.from({ length: 5 }, (_, index) => (
              <div key={index} className="h-12 animate-pulse rounded-xl bg-fg/10" />
            ))}
          </div>
        ) : (
          <CreditTransactions transactions={credits.data?.transactions ?? []} label="Credit transactions" />
        )}
      </section>
    </div>
  );
}
