import { FileAudio } from 'lucide-react';
import { useId } from 'react';

/** The hint under the audio input. */
export const AUDIO_HINT = 'MP3, WAV, FLAC supported, max 50MB';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The audio file input: the chosen file's name and size, the hint, or why a file was refused. */
export function AudioPicker({
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
