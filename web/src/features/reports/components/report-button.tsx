import type { ReportTargetType } from '@beatroom/shared/admin-contract';
import { Flag } from 'lucide-react';
import { lazy, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MountedOnceOpen } from '../../../components/ui/mounted-once-open';
import { useSession } from '../../session/hooks/use-session';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';

// The dialog, and the dialog library's focus trap and scroll lock with it, loads when first
// opened: beat pages and profiles show the button to everyone, and few ever report.
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

const NOUNS: Record<ReportTargetType, string> = { beat: 'beat', review: 'review', profile: 'profile' };

/**
 * Report (moderation): a small dialog asking why; visitors are asked to sign in, and
 * one's own content offers no report. The moderators see it in the admin panel's Reports tab.
 */
export function ReportButton({
  targetType,
  targetId,
  ownerId,
  variant = 'labelled',
}: {
  targetType: ReportTargetType;
  targetId: string;
  /** Whose content it is: its owner is not offered the button. */
  ownerId: string;
  variant?: 'labelled' | 'icon';
}) {
  const { user } = useSession();
  const openSignIn = useSignInDialog((state) => state.open);
  const [open, setOpen] = useState(false);
  if (user?.id === ownerId) return null;
  const noun = NOUNS[targetType];

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={variant === 'icon' ? `Report ${noun}` : undefined}
        onClick={() => (user ? setOpen(true) : openSignIn())}
      >
        <Flag aria-hidden="true" className="size-4" />
        {variant === 'labelled' ? 'Report' : null}
      </Button>
      {/* Mounted from the first opening on: an unsent reason survives closing. */}
      <MountedOnceOpen open={open}>
        <ReportDialog
          targetType={targetType}
          targetId={targetId}
          noun={noun}
          open={open}
          onOpenChange={setOpen}
        />
      </MountedOnceOpen>
    </>
  );
}
