import { LIMITS, TIMINGS } from '@beatroom/shared/limits';
import { CircleCheck, LoaderCircle, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { EMPTY_BEAT_FORM, titleFromFileName } from '../beat-form';
import { UPLOAD_ERRORS, useBeatUpload } from '../hooks/use-beat-upload';
import { AudioPicker } from './audio-picker';
import { BeatFormFields, useBeatForm } from './beat-form-fields';
import { CoverPicker } from './cover-picker';

function ProgressBar({ value }: { value: number }) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{value >= 100 ? 'Done' : 'Uploading...'}</span>
        <span className="text-muted numeric">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2.5 overflow-hidden rounded-full bg-fg/10"
      >
        <div
          className="h-full rounded-full bg-linear-to-r from-violet-500 to-indigo-500 transition-[width] duration-300"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}

export interface UploadFormProps {
  /** Runs once the beat exists, to refresh what lists it (app/ composes that). */
  onCreated?: (beatId: string) => void;
  /** Runs when the success view ends, as the page goes to the new beat (the dialog closes). */
  onFinished?: () => void;
}

/**
 * Upload Beat: audio, cover, the beat's fields, a progress bar, errors in
 * a red banner (the form stays), and a success view that moves on to the beat after 2 s.
 */
export function UploadForm({ onCreated, onFinished }: UploadFormProps) {
  const currency = usePreferredCurrency();
  const navigate = useNavigate();
  const { status, upload } = useBeatUpload(onCreated);
  const [audio, setAudio] = useState<File | null>(null);
  const [audioError, setAudioError] = useState<string | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const form = useBeatForm(EMPTY_BEAT_FORM, currency);
  const uploading = status.state === 'uploading';
  const doneId = status.state === 'done' ? status.beatId : null;
  const finished = useRef(onFinished);

  useEffect(() => {
    finished.current = onFinished;
  });
  useEffect(() => {
    if (!doneId) return;
    const timer = setTimeout(() => {
      finished.current?.();
      void navigate(`/beat/${doneId}`);
    }, TIMINGS.SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [doneId, navigate]);

  function chooseAudio(file: File | null) {
    if (file && file.size > LIMITS.AUDIO_MAX_BYTES) {
      setAudio(null);
      setAudioError('This file is larger than 50MB');
      return;
    }
    setAudioError(null);
    setAudio(file);
    // The title is prefilled from the file name, but a title typed already stays.
    if (file) {
      form.setValues((values) =>
        values.title.trim() ? values : { ...values, title: titleFromFileName(file.name) },
      );
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    const fields = form.check();
    if (fields) void upload(fields, audio, cover);
  }

  if (doneId) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-8 text-center">
        <CircleCheck aria-hidden="true" className="size-14 text-emerald-400" />
        <div>
          <p className="text-xl font-semibold">Beat uploaded!</p>
          <p className="mt-1 text-sm text-muted">Taking you to your beat...</p>
        </div>
        <div className="w-full max-w-sm">
          <ProgressBar value={100} />
        </div>
        <Link
          to={`/beat/${doneId}`}
          onClick={onFinished}
          className="text-sm font-medium text-accent hover:underline"
        >
          Open it now
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={uploading || undefined} className="flex flex-col gap-5">
      <AudioPicker file={audio} onChange={chooseAudio} disabled={uploading} error={audioError} />
      <CoverPicker file={cover} onChange={setCover} disabled={uploading} />
      <BeatFormFields {...form.fieldProps} disabled={uploading} freeLabel="Free" />

      {status.state === 'error' ? (
        <ErrorBanner title={status.message} detail={status.detail ?? undefined} />
      ) : null}

      {uploading ? <ProgressBar value={status.progress} /> : null}

      <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
        {!audio ? <p className="text-sm text-muted sm:mr-auto">{UPLOAD_ERRORS.noAudio}</p> : null}
        <Button type="submit" size="lg" disabled={!audio || uploading}>
          {uploading ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Upload aria-hidden="true" className="size-4" />
          )}
          {uploading ? 'Uploading...' : 'Upload Beat'}
        </Button>
      </div>
    </form>
  );
}
