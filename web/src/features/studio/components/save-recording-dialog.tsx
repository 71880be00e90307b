import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { describeError } from '../../../lib/error-text';
import { usePlatform } from '../../../lib/platform';
import { uploadRecording } from '../api';
import { STUDIO_ALERTS } from '../studio-alerts';
import { useStudioStore } from '../store/studio-store';
import { ToggleField } from './slider-field';

/** Upload progress of a recording: +10% every 200 ms up to 90%, then complete. */
const PROGRESS_STEP = 0.1;
const PROGRESS_EVERY_MS = 200;
const PROGRESS_HOLD = 0.9;

/**
 * Save Recording: the take's name (default '{beat title} - Vocal Cover') and whether it is
 * public, then the upload with its progress. Save stays disabled while the name is empty or
 * while saving.
 */
export function SaveRecordingDialog({
  open,
  onOpenChange,
  beatId,
  take,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  beatId: string;
  take: Blob | null;
  onSaved: () => void;
}) {
  const name = useStudioStore((state) => state.settings.recordingName);
  const isPublic = useStudioStore((state) => state.settings.makeRecordingPublic);
  const setSetting = useStudioStore((state) => state.setSetting);
  const library = usePlatform().library;
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const ticker = useRef<number | null>(null);
  const saving = progress !== null;

  const stopTicker = () => {
    if (ticker.current !== null) window.clearInterval(ticker.current);
    ticker.current = null;
  };
  useEffect(() => stopTicker, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!take) {
      setError(STUDIO_ALERTS.noRecordingToSave);
      return;
    }
    const trimmed = name.trim();
    if (!trimmed) {
      setError(STUDIO_ALERTS.recordingNameRequired);
      return;
    }
    setError(null);
    setProgress(0);
    ticker.current = window.setInterval(
      () => setProgress((shown) => Math.min(PROGRESS_HOLD, (shown ?? 0) + PROGRESS_STEP)),
      PROGRESS_EVERY_MS,
    );
    try {
      if (library?.enqueueTake) {
        // Desktop: main keeps the take on disk before answering and its queue uploads it, so a
        // take saved offline or during an outage is sent later instead of failing here.
        await library.enqueueTake({
          beatId,
          recordingName: trimmed,
          isPublic,
          format: take.type.includes('wav') ? 'wav' : 'webm',
          audio: new Uint8Array(await take.arrayBuffer()),
        });
      } else {
        await uploadRecording({ beatId, name: trimmed, isPublic, take });
      }
      stopTicker();
      setProgress(1);
      onSaved();
    } catch (failure) {
      stopTicker();
      console.error(`Failed to save the recording: ${describeError(failure)}`);
      setProgress(null);
      setError(STUDIO_ALERTS.saveRecordingFailed);
    }
  };

  const shownPercent = Math.round((progress ?? 0) * 100);
  // Save is disabled without a name, so the reason is said as soon as the name is empty.
  const shownError = error ?? (name.trim() === '' ? STUDIO_ALERTS.recordingNameRequired : null);

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        if (saving) return;
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title="Save Recording"
      description="Your take is saved to My Recordings; a public one shows on the beat's page as a vocal cover."
    >
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="Recording name" htmlFor="studio-recording-name">
          <input
            id="studio-recording-name"
            className={inputClasses}
            value={name}
            maxLength={200}
            disabled={saving}
            aria-invalid={shownError === STUDIO_ALERTS.recordingNameRequired ? true : undefined}
            onChange={(event) => {
              setSetting('recordingName', event.target.value);
              setError(null);
            }}
          />
        </FormField>
        <ToggleField
          label="Make recording public"
          checked={isPublic}
          disabled={saving}
          onChange={(checked) => setSetting('makeRecordingPublic', checked)}
        />
        {saving ? (
          <div className="flex flex-col gap-1">
            <div
              role="progressbar"
              aria-label="Saving recording"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={shownPercent}
              className="h-2 overflow-hidden rounded-full bg-fg/10"
            >
              <div className="h-full bg-accent transition-[width]" style={{ width: `${shownPercent}%` }} />
            </div>
            <p className="text-right text-xs text-muted tabular-nums">{shownPercent}%</p>
          </div>
        ) : null}
        {shownError ? <ErrorBanner title={shownError} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={saving} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || name.trim() === ''}>
            {saving ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {saving ? 'Saving...' : 'Save Recording'}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
