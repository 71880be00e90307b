import type { SessionUser } from '@beatroom/shared/auth-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { beatDetailKeys } from '../features/beat-detail/api';
import { catalogueKeys } from '../features/catalogue/api';
import { creditsKeys } from '../features/credits/api';
import { invoiceKeys } from '../features/invoices/api';
import { profileKeys } from '../features/profile/api';
import { promotionKeys } from '../features/promotions/api';
import { sessionKeys } from '../features/session/api';
import { subscriptionKeys } from '../features/subscriptions/api';

/**
 * What a paid account thing (a credits pack, a plan, a promotion) means for the other features'
 * caches: the balance, the plan and its discount on promotion prices, the invoices, the
 * producer's badge, and the featured lists a promotion changes. Features do not know each
 * other's query keys; app/ does (as beat-changes.ts does for beats).
 */
export function useAccountChanges() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const me = () => queryClient.getQueryData<SessionUser | null>(sessionKeys.me)?.id;
    const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
    const creditsChanged = (userId: string) => {
      refresh(creditsKeys.user(userId));
      refresh(invoiceKeys.user(userId));
    };
    const subscriptionChanged = (userId: string) => {
      refresh(subscriptionKeys.mine(userId));
      // A plan grants credits, changes promotion prices and the profile's badge.
      refresh(promotionKeys.all);
      refresh(profileKeys.user(userId));
      creditsChanged(userId);
    };
    const promoted = (beatId?: string) => {
      refresh(catalogueKeys.lists());
      if (beatId) {
        refresh(beatDetailKeys.beat(beatId));
        refresh(promotionKeys.beat(beatId));
      } else {
        refresh(promotionKeys.all);
      }
      const userId = me();
      if (userId) {
        creditsChanged(userId);
        refresh(profileKeys.user(userId));
      }
    };
    return {
      /** A credits pack was paid (the dialog refreshes the balance itself). */
      creditsPaid: () => {
        const userId = me();
        if (userId) creditsChanged(userId);
      },
      /** A plan was subscribed to or changed. */
      subscribed: () => {
        const userId = me();
        if (userId) subscriptionChanged(userId);
      },
      /** A promotion started (with credits) or was paid. */
      promoted,
      /**
       * A card checkout came back paid (the local test checkout, or the provider's success URL):
       * whatever it paid for, every account figure is fetched again.
       */
      checkoutPaid: () => {
        const userId = me();
        // Each key once: a second invalidation would cancel the refetch the first one started.
        if (userId) subscriptionChanged(userId);
        refresh(catalogueKeys.lists());
      },
    };
  }, [queryClient]);
}
