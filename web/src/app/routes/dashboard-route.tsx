import type { SessionUser } from '@beatroom/shared/auth-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { beatDetailKeys, beatDetailQueryOptions } from '../../features/beat-detail/api';
import { catalogueKeys } from '../../features/catalogue/api';
import { CouponsSection } from '../../features/coupons/components/coupons-section';
import { MyBeatsPage, type MyBeatsSlots } from '../../features/my-beats/components/my-beats-page';
import { forgetBeat } from '../../features/player/hooks/use-beat-playback';
import { profileKeys } from '../../features/profile/api';
import { PromoteBeatButton } from '../../features/promotions/components/promote-beat-button';
import { ManageBeatDialog } from '../beat-slots';

/** Manage Beat for a row of the table: the whole beat is read first (the row has only its numbers). */
function ManageRowBeat({ beatId, onClose, onChanged }: Parameters<MyBeatsSlots['manageBeat']>[0]) {
  const beat = useQuery(beatDetailQueryOptions(beatId));
  if (!beat.data) return null;
  return (
    <ManageBeatDialog
      beat={beat.data}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onSaved={onChanged}
      onDeleted={() => {
        onClose();
        onChanged();
      }}
    />
  );
}

/**
 * /dashboard "My beats": the table, with Manage Beat (upload) and Promote (promotions), then the
 * producer's coupons and bulk deal.
 */
export function DashboardRoute({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const slots: MyBeatsSlots = {
    manageBeat: (props) => <ManageRowBeat {...props} />,
    promoteButton: (beat) => <PromoteBeatButton beat={beat} />,
    onDeleted: (beatId) => {
      forgetBeat(beatId);
      queryClient.removeQueries({ queryKey: beatDetailKeys.beat(beatId) });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.user(user.id) });
    },
  };
  return (
    <>
      <MyBeatsPage user={user} slots={slots} />
      <CouponsSection userId={user.id} />
    </>
  );
}
