import type { RateBeatBody } from '@beatroom/shared/beat-social-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rateBeat, reviewKeys } from '../api';

/**
 * Rate (or re-rate) a beat: the answer is the new summary; the reviews and one's own rating
 * are fetched again. (The beat's analytics are its owner's, who cannot rate it: nothing of
 * theirs is cached here.)
 */
export function useRateBeat(beatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RateBeatBody) => rateBeat(beatId, body),
    onSuccess: async (summary) => {
      queryClient.setQueryData(reviewKeys.summary(beatId), summary);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.summary(beatId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.list(beatId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.userRatings(beatId) }),
      ]);
    },
  });
}
