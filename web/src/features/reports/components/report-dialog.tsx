import { REPORT_REASON_MAX, REPORT_TEXTS, type ReportTargetType } from '@beatroom/shared/admin-contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { inputClasses } from '../../../components/ui/form-field';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { createReport } from '../api';

/** The report's dialog: why, sent to the moderators. Loaded when a Report button first opens it. */
export function ReportDialog({
  targetType,
  targetId,
  noun,
  open,
  onOpenChange,
}: {
  targetType: ReportTargetType;
  targetId: string;
  noun: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const reasonId = useId();
  // Closed, it forgets its error (each opening starts without one) but keeps an unsent reason.
  const setOpen = (next: boolean) => {
    if (!next) setError(null);
    onOpenChange(next);
  };

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
  );
}
