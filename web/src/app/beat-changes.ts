import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { Beat } from '@beatroom/shared/beats-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { beatDetailKeys } from '../features/beat-detail/api';
import { catalogueKeys } from '../features/catalogue/api';
import { forgetBeat } from '../features/player/hooks/use-beat-playback';
import { profileKeys } from '../features/profile/api';
import { reviewKeys } from '../features/reviews/api';
import { sessionKeys } from '../features/session/api';

/**
 * What a beat created, saved or deleted in one feature (upload) means for the others: the
 * catalogue's lists, the beat page, the producer's profile lists, the player's queue. Features
 * do not know each other's query keys; app/ does, and passes these on as callbacks.
 */
export function useBeatChanges() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refreshLists = (producerId: string | undefined) => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists() });
      if (producerId) void queryClient.invalidateQueries({ queryKey: profileKeys.user(producerId) });
    };
    return {
      /** A new beat of the signed-in user's. */
      created: () => refreshLists(queryClient.getQueryData<SessionUser | null>(sessionKeys.me)?.id),
      saved: (beat: Beat) => {
        void queryClient.invalidateQueries({ queryKey: beatDetailKeys.beat(beat.id) });
        refreshLists(beat.user_id);
      },
      /** Call after leaving the beat's page, so nothing asks for the beat that is gone. */
      deleted: (beat: Beat) => {
        forgetBeat(beat.id);
        queryClient.removeQueries({ queryKey: beatDetailKeys.beat(beat.id) });
        queryClient.removeQueries({ queryKey: reviewKeys.beat(beat.id) });
        refreshLists(beat.user_id);
      },
    };
  }, [queryClient]);
}
