import type { SessionUser } from '@beatroom/shared/auth-contract';
import { ActivityPage } from '../../features/activity/components/activity-page';
import { useLiveConnection } from '../realtime/live-connection';

/** /activity, for a signed-in user: the feed with the realtime connection's status. */
export function ActivityRoute({ user }: { user: SessionUser }) {
  return <ActivityPage user={user} connection={useLiveConnection()} />;
}
