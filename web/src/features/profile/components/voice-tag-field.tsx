import { VOICE_TAG_MAX_SECONDS } from '@beatroom/shared/community-contract';
import { AudioLines, X } from 'lucide-react';
import { useId } from 'react';
import { useFilePreview } from '../../../components/ui/use-file-preview';

/** What the server takes as audio (it checks the content itself). */
export const VOICE_TAG_ACCEPT = 'audio/mpeg,audio/wav,audio/x-wav,audio/flac,.mp3,.wav,.flac';

export interface VoiceTagChoice {
  file: File | null;
  removed: boolean;
}

export interface VoiceTagFieldProps {
  /** The saved tag's key, or null for none. */
  currentKey: string | null;
  value: VoiceTagChoice;
  onChange: (choice: VoiceTagChoice) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * Voice tag: a short audio file the server mixes into the producer's previews about
 * every 30 seconds. A newly chosen file can be heard here before saving; a saved tag is private
 * audio (never served back), so it is only named as set, with Replace and Remove.
 */
export function VoiceTagField({ currentKey, value, onChange, error, disabled }: VoiceTagFieldProps) {
  const id = useId();
  const { preview, inputKey, resetInput } = useFilePreview(value.file);
  const hasSaved = currentKey !== null && !value.removed;
  const hasTag = value.file !== null || hasSaved;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex min-w-0 flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        Voice tag
      </span>
      <div className="flex flex-col gap-2 rounded-xl border border-line bg-fg/5 p-3">
        {value.file ? (
          <>
            <p className="truncate text-sm">{value.file.name}</p>
            {preview ? (
              <audio controls src={preview} aria-label="Voice tag preview" className="h-9 w-full" />
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted">
            {hasSaved ? 'Your voice tag is set: new previews carry it.' : 'No voice tag'}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <label
            htmlFor={id}
            className="inline-flex h-8 shrink-0 cursor-pointer items-center gap-1.5 rounded-full border border-line bg-surface px-3 text-sm font-medium whitespace-nowrap hover:bg-fg/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--app-focus)]"
          >
            <AudioLines aria-hidden="true" className="size-4" />
            {hasTag ? 'Replace' : 'Choose audio'}
            <input
              key={inputKey}
              id={id}
              type="file"
              accept={VOICE_TAG_ACCEPT}
              disabled={disabled}
              aria-labelledby={`${id}-label`}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              className="sr-only"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                if (chosen) onChange({ file: chosen, removed: false });
              }}
            />
          </label>
          {hasTag ? (
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                resetInput();
                onChange({ file: null, removed: currentKey !== null });
              }}
              className="inline-flex items-center gap-1 text-xs text-muted hover:text-fg"
            >
              <X aria-hidden="true" className="size-3.5" />
              Remove voice tag
            </button>
          ) : null}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        MP3, WAV or FLAC, up to {VOICE_TAG_MAX_SECONDS} seconds. It is mixed into your beat previews about
        every 30 seconds.
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
