import type { SessionUser } from '@beatroom/shared/auth-contract';
import { useQueryClient } from '@tanstack/react-query';
import { beatDetailKeys } from '../../features/beat-detail/api';
import { MyRecordingsPage } from '../../features/recordings/components/my-recordings-page';

/**
 * /my-recordings: a take published or made private changes its beat's vocal covers, which are
 * fetched again when the beat's page shows next.
 */
export function MyRecordingsRoute({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  return (
    <MyRecordingsPage
      user={user}
      onPublishedChanged={(beatId) =>
        void queryClient.invalidateQueries({ queryKey: beatDetailKeys.publicRecordings(beatId) })
      }
    />
  );
}
