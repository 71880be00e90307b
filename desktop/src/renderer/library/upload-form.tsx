import { GENRES, KEYS, MOODS } from '@beatroom/shared/catalogue-constants';
import { LIMITS } from '@beatroom/shared/limits';
import { priceInputToUsdCents } from '@beatroom/shared/format';
import type { PickedFile } from '@beatroom/shared/ipc-contract';
import type { PlatformLibrary } from '@beatroom/web/platform';
import { FileAudio, ImageIcon, LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';

const field =
  'h-10 w-full rounded-lg border border-line bg-bg/60 px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent';
const label = 'flex flex-col gap-1 text-sm font-medium';

/** The file name without its extension: the spec's title prefill (platform.md §5). */
function titleFrom(name: string): string {
  return name.replace(/\.[^.]+$/, '');
}

/**
 * Queues an upload through the desktop app: the files are chosen in native dialogs and copied
 * into the library, so the upload is kept if the app is offline, closed or crashes, and is sent
 * when the server can be reached.
 */
export function UploadForm({ library }: { library: PlatformLibrary }) {
  const [audio, setAudio] = useState<PickedFile | null>(null);
  const [cover, setCover] = useState<PickedFile | null>(null);
  const [title, setTitle] = useState('');
  const [genre, setGenre] = useState<(typeof GENRES)[number]>(GENRES[0]);
  const [bpm, setBpm] = useState('');
  const [keySignature, setKeySignature] = useState('');
  const [mood, setMood] = useState('');
  const [price, setPrice] = useState('');
  const [isFree, setIsFree] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (kind: 'audio' | 'image') => {
    setError(null);
    try {
      const file = await library.pickUploadFile(kind);
      if (!file) return;
      if (kind === 'audio') {
        setAudio(file);
        setTitle((current) => current || titleFrom(file.name));
      } else {
        setCover(file);
      }
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!audio) {
      setError('Please select an audio file');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await library.enqueueUpload({
        audio: audio.id,
        cover: cover?.id ?? null,
        beat: {
          title,
          genre,
          bpm: bpm === '' ? null : Number(bpm),
          key_signature: keySignature || null,
          mood: mood || null,
          price_cents: isFree ? 0 : priceInputToUsdCents(price, 'USD'),
          is_free: isFree,
        },
      });
      setAudio(null);
      setCover(null);
      setTitle('');
      setBpm('');
      setPrice('');
      setIsFree(false);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-2xl border border-line bg-surface/60 p-4 sm:grid-cols-2"
    >
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button
          type="button"
          className={`${field} inline-flex w-auto items-center gap-2`}
          onClick={() => void pick('audio')}
        >
          <FileAudio aria-hidden="true" className="size-4" />
          {audio ? audio.name : 'Choose audio…'}
        </button>
        <button
          type="button"
          className={`${field} inline-flex w-auto items-center gap-2`}
          onClick={() => void pick('image')}
        >
          <ImageIcon aria-hidden="true" className="size-4" />
          {cover ? cover.name : 'Choose cover (optional)…'}
        </button>
        <span className="self-center text-xs text-muted">MP3, WAV, FLAC supported, max 50MB</span>
      </div>
      <label className={label}>
        Title
        <input
          className={field}
          required
          maxLength={LIMITS.TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <label className={label}>
        Genre
        <select
          className={field}
          value={genre}
          onChange={(e) => setGenre(e.target.value as (typeof GENRES)[number])}
        >
          {GENRES.map((g) => (
            <option key={g}>{g}</option>
          ))}
        </select>
      </label>
      <label className={label}>
        BPM
        <input
          className={field}
          type="number"
          min={LIMITS.BPM_MIN}
          max={LIMITS.BPM_MAX}
          value={bpm}
          onChange={(e) => setBpm(e.target.value)}
        />
      </label>
      <label className={label}>
        Key
        <select className={field} value={keySignature} onChange={(e) => setKeySignature(e.target.value)}>
          <option value="">None</option>
          {KEYS.map((k) => (
            <option key={k}>{k}</option>
          ))}
        </select>
      </label>
      <label className={label}>
        Mood
        <select className={field} value={mood} onChange={(e) => setMood(e.target.value)}>
          <option value="">None</option>
          {MOODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </label>
      <div className="flex items-end gap-3">
        <label className={`${label} flex-1`}>
          Price (USD)
          <input
            className={field}
            type="number"
            min={LIMITS.PRICE_MIN}
            max={LIMITS.PRICE_MAX}
            step={LIMITS.PRICE_STEP}
            disabled={isFree}
            value={isFree ? '0' : price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
        <label className="flex h-10 items-center gap-2 text-sm">
          <input type="checkbox" checked={isFree} onChange={(e) => setIsFree(e.target.checked)} />
          Free
        </label>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-400 sm:col-span-2">
          {error}
        </p>
      ) : null}
      <div className="sm:col-span-2">
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
