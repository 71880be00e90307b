import type { SessionUser } from '@beatroom/shared/auth-contract';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { UploadButton } from '../../features/upload/components/upload-dialog';
import { useBeatChanges } from '../beat-changes';
import { UserMenu } from './user-menu';

/** The header's controls for a signed-in user: Upload, the notifications bell, the user menu. */
export function MemberControls({ user }: { user: SessionUser }) {
  const changes = useBeatChanges();
  return (
    <>
      <UploadButton onCreated={changes.created} />
      <NotificationBell userId={user.id} />
      <UserMenu user={user} />
    </>
  );
}
