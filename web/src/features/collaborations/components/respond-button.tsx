import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { CollaborationRequest } from '@beatroom/shared/collaborations-contract';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonSize } from '../../../components/ui/button';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { RespondDialog } from './respond-dialog';

/**
 * Respond, where it makes sense: never to the requester, not on a closed
 * request, and 'Responded' once the member has answered. Visitors get the sign-in dialog.
 */
export function RespondButton({
  request,
  user,
  size = 'md',
}: {
  request: CollaborationRequest;
  user: SessionUser | null;
  size?: ButtonSize;
}) {
  const [open, setOpen] = useState(false);
  const openSignIn = useSignInDialog((s) => s.open);
  if (user?.id === request.requester_user_id || request.status !== 'open') return null;
  if (request.current_user_response_id) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-3 py-1 text-xs font-semibold text-emerald-300">
        <CircleCheck aria-hidden="true" className="size-3.5" />
        Responded
      </span>
    );
  }
  return (
    <>
      <Button
        size={size}
        onClick={() => (user ? setOpen(true) : openSignIn())}
        aria-label={`Respond: ${request.title}`}
      >
        Respond
      </Button>
      {user ? <RespondDialog request={request} userId={user.id} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
