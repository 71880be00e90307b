import { UI } from '@beatroom/shared/limits';
import { BeatGrid, BeatGridSkeleton } from '../../features/catalogue/components/beat-grid';
import { ProfilePage } from '../../features/profile/components/profile-page';
import type { ProfilePageSlots } from '../../features/profile/components/profile-page-slots';
import { ManageBeatDialog, renderCardPlayButton, renderCardPriceButton } from '../beat-slots';

/** The profile page's parts owned by other features (defined once: the slots never change). */
const slots: ProfilePageSlots = {
  beatGrid: (beats, label) => (
    <BeatGrid
      beats={beats}
      label={label}
      renderPlayButton={renderCardPlayButton}
      renderPriceButton={renderCardPriceButton}
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
};

/** /profile/:userId */
export function ProfileRoute() {
  return <ProfilePage slots={slots} />;
}
