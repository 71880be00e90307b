import { SUPPORT_FILE_ACCEPT } from '@beatroom/shared/support-contract';
import { Paperclip, X } from 'lucide-react';
import { useId } from 'react';
import type { useSupportFiles } from '../use-support-files';

/** The attach control of a ticket or reply, with the picked files and any warning. */
export function FilePicker({
  picker,
  disabled,
}: {
  picker: ReturnType<typeof useSupportFiles>;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label
        htmlFor={id}
        className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-xl border border-line px-3 py-1.5 text-sm hover:bg-fg/10"
      >
        <Paperclip aria-hidden="true" className="size-4" />
        Attach files
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={SUPPORT_FILE_ACCEPT}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          picker.add(event.target.files);
          event.target.value = '';
        }}
      />
      {picker.files.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Files to attach">
          {picker.files.map((file, i) => (
            <li
              key={`${file.name}-${i}`}
              className="inline-flex items-center gap-1 rounded-lg bg-fg/10 px-2 py-1 text-xs"
            >
              {file.name}
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                className="rounded p-0.5 hover:bg-fg/20"
                onClick={() => picker.remove(i)}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {picker.warning ? <p className="text-xs text-amber-300">{picker.warning}</p> : null}
    </div>
  );
}
