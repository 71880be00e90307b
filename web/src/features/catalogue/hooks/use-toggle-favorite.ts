import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { describeError, serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { catalogueKeys, toggleFavorite } from '../api';

/** Puts one beat in or out of the user's cached favourite set (a new Set, so readers update). */
function setFavorited(queryClient: QueryClient, userId: string, beatId: string, favorited: boolean) {
  queryClient.setQueryData<ReadonlySet<string>>(catalogueKeys.favoriteIds(userId), (ids) => {
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
  const key = catalogueKeys.favoriteIds(userId ?? '');
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
  });
}
