import type { EditBeatBody, RateBeatBody } from '@beatroom/shared/beats-contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/** Puts one beat in or out of the user's cached favourite set (a new Set, so readers update). */
function setFavorited(queryClient: QueryClient, userId: string, beatId: string, favorited: boolean) {
  queryClient.setQueryData<ReadonlySet<string>>(beatKeys.favoriteIds(userId), (ids) => {
    if (!ids || ids.has(beatId) === favorited) return ids;
    const next = new Set(ids);
    if (favorited) next.add(beatId);
    else next.delete(beatId);
    return next;
  });
}

/**
 * Favorite / Favorited: flips at once in the user's favourite set, then takes the state the
 * server answers (the toggle's isFavorited); a failure puts this beat's previous state back
 * (leaving other beats toggled meanwhile alone) and says so in a toast.
 */
export function useToggleFavorite(beatId: string, userId: string | undefined) {
  const queryClient = useQueryClient();
  const key = beatKeys.favoriteIds(userId ?? '');
  return useMutation({
    mutationFn: () => toggleFavorite(beatId),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const ids = queryClient.getQueryData<ReadonlySet<string>>(key);
      // Before the set has loaded there is nothing to flip; the server's answer decides.
      const previous = ids ? ids.has(beatId) : undefined;
      if (userId && previous !== undefined) setFavorited(queryClient, userId, beatId, !previous);
      return { previous };
    },
    onSuccess: async (status) => {
      if (!userId) return;
      if (queryClient.getQueryData(key)) setFavorited(queryClient, userId, beatId, status.isFavorited);
      else await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error, _variables, context) => {
      if (userId && context?.previous !== undefined) {
        setFavorited(queryClient, userId, beatId, context.previous);
      }
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
