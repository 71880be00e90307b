import type { ProfileResponse } from '@beatroom/shared/community-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { profileKeys, setFollowing } from '../api';

/**
 * Follow / unfollow, optimistic: the button and the
 * follower count move at once, and both roll back with a toast when the server refuses.
 */
export function useFollow(userId: string, viewerId: string, name: string) {
  const queryClient = useQueryClient();
  const statusKey = profileKeys.followStatus(userId, viewerId);
  const profileKey = profileKeys.profile(userId);

  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(userId, follow),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: statusKey });
      await queryClient.cancelQueries({ queryKey: profileKey });
      const previousStatus = queryClient.getQueryData<boolean>(statusKey);
      const previousProfile = queryClient.getQueryData<ProfileResponse>(profileKey);
      queryClient.setQueryData<boolean>(statusKey, follow);
      if (previousProfile && previousStatus !== follow) {
        queryClient.setQueryData<ProfileResponse>(profileKey, {
          ...previousProfile,
          followers_count: Math.max(0, previousProfile.followers_count + (follow ? 1 : -1)),
        });
      }
      return { previousStatus, previousProfile };
    },
    onError: (error, follow, context) => {
      if (context) {
        queryClient.setQueryData(statusKey, context.previousStatus);
        if (context.previousProfile) queryClient.setQueryData(profileKey, context.previousProfile);
      }
      showToast({
        type: 'error',
        title: follow ? `Could not follow ${name}` : `Could not unfollow ${name}`,
        message: describeError(error),
      });
    },
    onSuccess: (isFollowing, follow, context) => {
      queryClient.setQueryData<boolean>(statusKey, isFollowing);
      // The server knew better (a follow made elsewhere): fetch the real count. Following a
      // followers-only profile opens it, unfollowing may close it (profileVisibility): fetch what
      // the viewer may see now.
      const mayOpenOrClose = context?.previousProfile?.restricted === 'followers' || !follow;
      if (isFollowing !== follow || mayOpenOrClose) {
        void queryClient.invalidateQueries({ queryKey: profileKey });
      }
    },
  });
}
