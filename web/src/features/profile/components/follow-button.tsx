import { useQuery } from '@tanstack/react-query';
import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { followStatusQueryOptions } from '../api';
import { useFollow } from '../hooks/use-follow';

function SignedInFollowButton({
  userId,
  viewerId,
  name,
}: {
  userId: string;
  viewerId: string;
  name: string;
}) {
  const status = useQuery(followStatusQueryOptions(userId, viewerId));
  const follow = useFollow(userId, viewerId, name);
  const following = status.data === true;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      disabled={status.isPending || follow.isPending}
      onClick={() => follow.mutate(!following)}
    >
      {following ? (
        <UserCheck aria-hidden="true" className="size-4" />
      ) : (
        <UserPlus aria-hidden="true" className="size-4" />
      )}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}

/**
 * Follow / Following on another user's profile (never on one's own: the page does not render
 * it there). Visitors get the sign-in dialog (following needs a signed-in user).
 */
export function FollowButton({
  userId,
  viewerId,
  name,
}: {
  userId: string;
  viewerId: string | null;
  name: string;
}) {
  const openSignIn = useSignInDialog((state) => state.open);
  if (!viewerId) {
    return (
      <Button onClick={() => openSignIn()}>
        <UserPlus aria-hidden="true" className="size-4" />
        Follow
      </Button>
    );
  }
  return <SignedInFollowButton userId={userId} viewerId={viewerId} name={name} />;
}
