import { LIMITS, TIMINGS } from '@beatroom/shared/constants';
import { CircleAlert, CircleCheck, FileAudio, LoaderCircle, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import {
  EMPTY_BEAT_FORM,
  titleFromFileName,
  validateBeatForm,
  type BeatFormErrors,
  type BeatFormValues,
} from '../beat-form';
import { UPLOAD_ERRORS, useBeatUpload } from '../hooks/use-beat-upload';
import { usePreferredCurrency } from '../hooks/use-preferred-currency';
import { BeatFormFields } from './beat-form-fields';
import { CoverPicker } from './cover-picker';

export const AUDIO_HINT = 'MP3, WAV, FLAC supported, max 50MB';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

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

function AudioPicker({
  file,
  onChange,
  disabled,
  error,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
  error: string | null;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Audio file
      </label>
      <div
        className={`flex flex-col gap-3 rounded-2xl border-2 border-dashed p-4 transition-colors sm:flex-row sm:items-center ${
          file ? 'border-accent/50 bg-accent/5' : 'border-line bg-fg/5'
        }`}
      >
        <FileAudio aria-hidden="true" className={`size-8 shrink-0 ${file ? 'text-accent' : 'text-muted'}`} />
        <div className="min-w-0 flex-1">
          {file ? (
            <p className="truncate text-sm font-medium">
              {file.name} <span className="text-muted numeric">· {formatSize(file.size)}</span>
            </p>
          ) : null}
          <input
            id={id}
            type="file"
            accept="audio/*"
            disabled={disabled}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
            className="mt-1 w-full text-sm text-transparent file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-accent file:px-4 file:py-2 file:text-sm file:font-medium file:text-accent-fg hover:file:bg-accent-hover"
          />
        </div>
      </div>
      <p id={`${id}-hint`} className={`text-xs ${error ? 'text-red-400' : 'text-muted'}`}>
        {error ?? AUDIO_HINT}
      </p>
    </div>
  );
}

export interface UploadFormProps {
  /** Runs when the success view ends, as the page goes to the new beat (the dialog closes). */
  onFinished?: () => void;
}

/**
 * Upload Beat (platform.md §2, §5): audio, cover, the beat's fields, a progress bar, errors in
 * a red banner (the form stays), and a success view that moves on to the beat after 2 s.
 */
export function UploadForm({ onFinished }: UploadFormProps) {
  const currency = usePreferredCurrency();
  const navigate = useNavigate();
  const { status, upload } = useBeatUpload(currency);
  const [audio, setAudio] = useState<File | null>(null);
  const [audioError, setAudioError] = useState<string | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [values, setValues] = useState<BeatFormValues>(EMPTY_BEAT_FORM);
  const [errors, setErrors] = useState<BeatFormErrors>({});
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
    if (file && !values.title.trim()) setValues({ ...values, title: titleFromFileName(file.name) });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    const found = validateBeatForm(values);
    setErrors(found);
    if (audio && Object.keys(found).length > 0) return;
    void upload(values, audio, cover);
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
      <BeatFormFields
        values={values}
        onChange={(next) => {
          setValues(next);
          if (errors.title || errors.bpm) setErrors(validateBeatForm(next));
        }}
        currency={currency}
        errors={errors}
        disabled={uploading}
        freeLabel="Free"
      />

      {status.state === 'error' ? (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-300"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">{status.message}</p>
            {status.detail ? <p className="mt-0.5 text-red-300/80">{status.detail}</p> : null}
          </div>
        </div>
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
