import { ImagePlus, X } from 'lucide-react';
import { useId } from 'react';
import { useFilePreview } from '../../../components/ui/use-file-preview';
import { storedFileUrl } from '../../../lib/stored-file';

export const COVER_ACCEPT = 'image/jpeg,image/png,image/webp';

/** A cover image input with a preview of the chosen file (or of the current cover). */
export function CoverPicker({
  file,
  onChange,
  currentKey = null,
  disabled,
  label = 'Cover image',
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  currentKey?: string | null;
  disabled?: boolean;
  label?: string;
}) {
  const id = useId();
  const { preview, inputKey, resetInput } = useFilePreview(file);

  const shown = preview ?? storedFileUrl(currentKey);

  return (
    <div className="flex items-center gap-4">
      <div className="relative size-24 shrink-0 overflow-hidden rounded-2xl border border-dashed border-line bg-fg/5">
        {shown ? (
          <img src={shown} alt="Cover preview" className="size-full object-cover" />
        ) : (
          <ImagePlus aria-hidden="true" className="absolute inset-0 m-auto size-7 text-muted" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label} <span className="font-normal text-muted">(optional)</span>
        </label>
        <input
          key={inputKey}
          id={id}
          type="file"
          accept={COVER_ACCEPT}
          disabled={disabled}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          className="w-full text-sm text-transparent file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-fg/10 file:px-4 file:py-2 file:text-sm file:font-medium file:text-fg hover:file:bg-fg/15"
        />
        <p className="flex items-center gap-2 text-xs text-muted">
          JPG or PNG, resized to 800 px
          {file ? (
            <button
              type="button"
              onClick={() => {
                onChange(null);
                resetInput();
              }}
              disabled={disabled}
              className="inline-flex items-center gap-1 text-fg hover:underline"
            >
              <X aria-hidden="true" className="size-3" />
              Remove
            </button>
          ) : null}
        </p>
      </div>
    </div>
  );
}
