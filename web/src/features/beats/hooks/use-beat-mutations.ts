import type { EditBeatBody, FavoriteStatus, RateBeatBody } from '@beatroom/shared/beats-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../lib/toast';
import { forgetBeat } from '../../player/hooks/use-beat-playback';
import {
  beatKeys,
  deleteBeat,
  describeError,
  editBeat,
  rateBeat,
  serverErrorText,
  toggleFavorite,
} from '../api';

/**
 * Favorite / Favorited: flips at once, then takes the state the server answers (the toggle's
 * isFavorited); a failure puts the previous state back and says so in a toast.
 */
export function useToggleFavorite(beatId: string, userId: string | undefined) {
  const queryClient = useQueryClient();
  const key = beatKeys.favoriteStatus(beatId, userId ?? '');
  return useMutation({
    mutationFn: () => toggleFavorite(beatId),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FavoriteStatus>(key);
      queryClient.setQueryData<FavoriteStatus>(key, { isFavorited: !previous?.isFavorited });
      return { previous };
    },
    onSuccess: (status) => queryClient.setQueryData(key, status),
    onError: (error, _variables, context) => {
      queryClient.setQueryData(key, context?.previous);
      console.error(`Failed to update favorite: ${describeError(error)}`);
      showToast({
        type: 'error',
        title: 'Could not update favorites',
        message: serverErrorText(error) ?? 'Please try again.',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: beatKeys.analytics(beatId) }),
  });
}

/** Rate (or re-rate) a beat; the beat's ratings, reviews and analytics are refetched. */
export function useRateBeat(beatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RateBeatBody) => rateBeat(beatId, body),
    onSuccess: async (summary) => {
      queryClient.setQueryData(beatKeys.ratingSummary(beatId), summary);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: beatKeys.ratingSummary(beatId) }),
        queryClient.invalidateQueries({ queryKey: beatKeys.reviews(beatId) }),
        queryClient.invalidateQueries({ queryKey: [...beatKeys.beat(beatId), 'user-rating'] }),
        queryClient.invalidateQueries({ queryKey: beatKeys.analytics(beatId) }),
      ]);
    },
  });
}

/** Save an edit: the beat and every list showing it are refreshed. */
export function useEditBeat(beatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditBeatBody) => editBeat(beatId, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: beatKeys.beat(beatId) }),
        queryClient.invalidateQueries({ queryKey: beatKeys.lists() }),
      ]);
    },
  });
}

/**
 * Delete: `onDeleted` runs first (leave the beat's page, so it does not refetch a beat that is
 * gone), then the beat's queries go, lists refresh and the player forgets it.
 */
export function useDeleteBeat(beatId: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBeat(beatId),
    onSuccess: async () => {
      onDeleted();
      forgetBeat(beatId);
      queryClient.removeQueries({ queryKey: beatKeys.beat(beatId) });
      await queryClient.invalidateQueries({ queryKey: beatKeys.lists() });
    },
  });
}
