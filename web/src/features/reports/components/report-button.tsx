import { REPORT_REASON_MAX, REPORT_TEXTS, type ReportTargetType } from '@beatroom/shared/admin-contract';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { inputClasses } from '../../../components/ui/form-field';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../session/hooks/use-session';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { createReport } from '../api';

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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const reasonId = useId();
  if (user?.id === ownerId) return null;
  const noun = NOUNS[targetType];

  const submit = async () => {
    const text = reason.trim();
    if (!text) {
      setError('Please give a reason');
      return;
    }
    setSending(true);
    try {
      await createReport({ targetType, targetId, reason: text });
      showToast({ type: 'success', title: REPORT_TEXTS.submitted });
      setOpen(false);
      setReason('');
    } catch (e) {
      setError(serverErrorText(e) ?? 'Failed to send report');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={variant === 'icon' ? `Report ${noun}` : undefined}
        onClick={() => (user ? (setError(null), setOpen(true)) : openSignIn())}
      >
        <Flag aria-hidden="true" className="size-4" />
        {variant === 'labelled' ? 'Report' : null}
      </Button>
      <DialogShell
        open={open}
        onOpenChange={(next) => !sending && setOpen(next)}
        title={`Report ${noun}`}
        description="Tell the moderators what is wrong. They review every report."
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={reasonId} className="text-sm font-medium">
            Reason
          </label>
          <textarea
            id={reasonId}
            className={`${inputClasses} h-28 py-2`}
            maxLength={REPORT_REASON_MAX}
            value={reason}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p role="alert" className="text-sm text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" disabled={sending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={sending}>
              Send Report
            </Button>
          </div>
        </form>
      </DialogShell>
    </>
  );
}
