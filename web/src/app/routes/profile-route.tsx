import { UI } from '@beatroom/shared/limits';
import { BeatGrid, BeatGridSkeleton } from '../../features/catalogue/components/beat-grid';
import { DealBadge } from '../../features/coupons/components/deal-badge';
import { CreditsOverview } from '../../features/credits/components/credits-overview';
import { PromoteBeatButton } from '../../features/promotions/components/promote-beat-button';
import { ProfilePage } from '../../features/profile/components/profile-page';
import type { ProfilePageSlots } from '../../features/profile/components/profile-page-slots';
import {
  ManageBeatDialog,
  renderCardPlayButton,
  renderCardPriceButton,
  renderCardQueueMenu,
} from '../beat-slots';
import { ReportButton } from '../../features/reports/components/report-button';

/** The profile page's parts owned by other features (defined once: the slots never change). */
const slots: ProfilePageSlots = {
  beatGrid: (beats, label) => (
    <BeatGrid
      beats={beats}
      label={label}
      renderPlayButton={renderCardPlayButton}
      renderPriceButton={renderCardPriceButton}
      renderQueueMenu={renderCardQueueMenu}
    />
  ),
  beatGridSkeleton: () => <BeatGridSkeleton count={UI.GRID_COLUMNS * 2} />,
  manageBeat: ({ beat, onClose, onChanged }) => (
    <ManageBeatDialog
      beat={beat}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onSaved={onChanged}
      onDeleted={onChanged}
    />
  ),
  credits: (userId) => <CreditsOverview userId={userId} />,
  deal: (userId) => <DealBadge producerId={userId} />,
  reportButton: (userId) => <ReportButton targetType="profile" targetId={userId} ownerId={userId} />,
  promoteButton: (beat) => <PromoteBeatButton beat={beat} />,
};

/** /profile/:userId */
export function ProfileRoute() {
  return <ProfilePage slots={slots} />;
}
