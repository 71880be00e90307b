import { CANNOT_RATE_OWN_BEAT } from '@beatroom/shared/beat-social-texts';
import { Star } from 'lucide-react';
import { lazy, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MountedOnceOpen } from '../../../components/ui/mounted-once-open';
import { useSession } from '../../session/hooks/use-session';

// The dialog, and the dialog library's focus trap and scroll lock with it, loads when first
// opened: every beat page shows the button, and most visits rate nothing.
const RateDialog = lazy(() => import('./rate-dialog').then((m) => ({ default: m.RateDialog })));

/**
 * Rate Beat with its dialog. Visitors see it disabled ("Sign in to rate beats"), and so does the
 * beat's producer (one cannot rate one's own beat).
 */
export function RateBeatButton({ beat }: { beat: { id: string; title: string; user_id: string } }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const isOwner = user?.id === beat.user_id;
  const reason = !user ? 'Sign in to rate beats' : isOwner ? CANNOT_RATE_OWN_BEAT : undefined;

  return (
    <>
      <span title={reason} className="inline-flex">
        <Button variant="secondary" disabled={!user || isOwner} onClick={() => setOpen(true)}>
          <Star aria-hidden="true" className="size-4" />
          Rate Beat
        </Button>
      </span>
      {user && !isOwner ? (
        <MountedOnceOpen open={open}>
          <RateDialog beat={beat} userId={user.id} open={open} onOpenChange={setOpen} />
        </MountedOnceOpen>
      ) : null}
    </>
  );
}
