import type { PickedFile } from '@beatroom/shared/ipc-uploads-contract';
import type { Currency } from '@beatroom/shared/money-constants';
import { EMPTY_BEAT_FORM, titleFromFileName } from '@beatroom/web/beat-form';
import { BeatFormFields, useBeatForm } from '@beatroom/web/beat-form-fields';
import type { PlatformLibrary } from '@beatroom/web/platform';
import { FileAudio, ImageIcon, LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';

const pickButton =
  'inline-flex h-10 items-center gap-2 rounded-xl border border-line bg-surface/80 px-3 text-sm transition-colors hover:border-fg/25 disabled:opacity-60';

/**
 * Queues an upload through the desktop app: the files are chosen in native dialogs and copied
 * into the library, so the upload is kept if the app is offline, closed or crashes, and is sent
 * when the server can be reached. The beat's fields are the web's one beat form (the price kept as
 * typed in the user's currency, Free unticked until chosen), so both apps create the same beat
 * from the same input.
 */
export function UploadForm({ library, currency }: { library: PlatformLibrary; currency: Currency }) {
  const [audio, setAudio] = useState<PickedFile | null>(null);
  const [cover, setCover] = useState<PickedFile | null>(null);
  const form = useBeatForm(EMPTY_BEAT_FORM, currency);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (kind: 'audio' | 'image') => {
    setError(null);
    try {
      const file = await library.pickUploadFile(kind);
      if (!file) return;
      if (kind === 'image') {
        setCover(file);
        return;
      }
      setAudio(file);
      // The title is prefilled from the file name, but a title typed already stays.
      form.setValues((values) =>
        values.title.trim() ? values : { ...values, title: titleFromFileName(file.name) },
      );
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!audio) {
      setError('Please select an audio file');
      return;
    }
    const beat = form.check();
    if (!beat) return;
    setBusy(true);
    setError(null);
    try {
      await library.enqueueUpload({ audio: audio.id, cover: cover?.id ?? null, beat });
      setAudio(null);
      setCover(null);
      form.setValues(EMPTY_BEAT_FORM);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={busy || undefined}
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface/60 p-4"
    >
      <div className="flex flex-wrap gap-2">
        <button type="button" className={pickButton} disabled={busy} onClick={() => void pick('audio')}>
          <FileAudio aria-hidden="true" className="size-4" />
          {audio ? audio.name : 'Choose audio…'}
        </button>
        <button type="button" className={pickButton} disabled={busy} onClick={() => void pick('image')}>
          <ImageIcon aria-hidden="true" className="size-4" />
          {cover ? cover.name : 'Choose cover (optional)…'}
        </button>
        <span className="self-center text-xs text-muted">MP3, WAV, FLAC supported, max 50MB</span>
      </div>
      <BeatFormFields {...form.fieldProps} disabled={busy} freeLabel="Free" />
      {error ? (
        <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-400">
          {error}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          disabled={!audio || busy}
          className="inline-flex h-10 items-center gap-2 rounded-full bg-accent px-5 text-sm font-medium text-accent-fg hover:bg-accent-hover disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          Add to upload queue
        </button>
      </div>
    </form>
  );
}
