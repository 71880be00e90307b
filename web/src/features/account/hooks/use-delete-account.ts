import type { DeleteAccountBody } from '@beatroom/shared/account-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../lib/toast';
import { useSignOut } from '../../session/hooks/use-sign-out';
import { accountKeys, deleteAccount } from '../api';

/**
 * Deletes the account, then leaves as a sign-out does (on success the user is sent
 * to /): the local user is cleared, the desktop app forgets its token, the app goes home. The
 * server has ended every session already; the sign-out's own call only finds nothing to end.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => deleteAccount(body),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: accountKeys.all });
      await signOut();
      showToast({
        type: 'success',
        title: 'Account deleted',
        message: 'Your account and its data are gone.',
      });
    },
  });
}
