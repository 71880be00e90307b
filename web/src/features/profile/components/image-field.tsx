import { ImagePlus, X } from 'lucide-react';
import { useId } from 'react';
import { useFilePreview } from '../../../components/ui/use-file-preview';
import { IMAGE_ACCEPT } from './profile-header';

export interface ImageFieldProps {
  label: string;
  /** Advice shown under the field ("up to 5MB", "up to 10MB"; not enforced). */
  hint: string;
  /** The current image's URL, shown until a new file is chosen or it is removed. */
  currentUrl: string | null;
  file: File | null;
  removed: boolean;
  onChange: (change: { file: File | null; removed: boolean }) => void;
  shape: 'round' | 'wide';
  disabled?: boolean;
}

/** An image input with a preview: choose a new file, or remove the current image. */
export function ImageField({
  label,
  hint,
  currentUrl,
  file,
  removed,
  onChange,
  shape,
  disabled,
}: ImageFieldProps) {
  const id = useId();
  const { preview, inputKey, resetInput } = useFilePreview(file);

  const shown = preview ?? (removed ? null : currentUrl);
  const frame = shape === 'round' ? 'size-20 rounded-full' : 'h-20 w-full rounded-xl';

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div className={shape === 'round' ? 'flex items-center gap-3' : 'flex flex-col items-start gap-2'}>
        <div
          className={`shrink-0 overflow-hidden border border-line bg-linear-to-br from-violet-600/40 to-indigo-700/40 ${frame}`}
        >
          {shown ? <img src={shown} alt={`${label} preview`} className="size-full object-cover" /> : null}
        </div>
        <div
          className={
            shape === 'round' ? 'flex flex-col items-start gap-1.5' : 'flex flex-wrap items-center gap-3'
          }
        >
          <label
            htmlFor={id}
            className="inline-flex h-8 shrink-0 cursor-pointer items-center gap-1.5 rounded-full whitespace-nowrap border border-line bg-surface px-3 text-sm font-medium hover:bg-fg/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--app-focus)]"
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {shown ? 'Change' : 'Choose image'}
            <input
              key={inputKey}
              id={id}
              type="file"
              accept={IMAGE_ACCEPT}
              disabled={disabled}
              aria-labelledby={`${id}-label`}
              aria-describedby={`${id}-hint`}
              className="sr-only"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                if (chosen) onChange({ file: chosen, removed: false });
              }}
            />
          </label>
          {shown ? (
            <button
              type="button"
              disabled={disabled}
              onClick={() => {
                resetInput();
                onChange({ file: null, removed: true });
              }}
              className="inline-flex items-center gap-1 text-xs text-muted hover:text-fg"
            >
              <X aria-hidden="true" className="size-3.5" />
              Remove
            </button>
          ) : null}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}
