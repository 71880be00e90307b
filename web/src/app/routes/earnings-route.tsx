import type { SessionUser } from '@beatroom/shared/auth-contract';
import { EarningsPage } from '../../features/earnings/components/earnings-page';
import { openUpgradeDialog } from '../open-upgrade';

/** /earnings: the page, with Upgrade to Pro for its locked by-day chart (subscriptions). */
export function EarningsRoute({ user }: { user: SessionUser }) {
  return <EarningsPage user={user} onUpgrade={openUpgradeDialog} />;
}
