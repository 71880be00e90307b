import { useMutation, useQueryClient } from '@tanstack/react-query';
import { challengeKeys, voteFor } from '../api';

/** A vote for one entry: the answer is the challenge as it now stands, and every list refreshes. */
export function useChallengeVote(challengeId: string, userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => voteFor(challengeId, entryId),
    onSuccess: (detail) => {
      queryClient.setQueryData(challengeKeys.detail(challengeId, userId), detail);
      void queryClient.invalidateQueries({ queryKey: challengeKeys.all });
    },
  });
}

export type ChallengeVote = ReturnType<typeof useChallengeVote>;
