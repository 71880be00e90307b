import { Upload } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { useSession } from '../../session/hooks/use-session';
import { UploadForm } from './upload-form';
import { UploadSignInPrompt } from './upload-page';

/** The Upload Beat dialog; closing it (or finishing) resets the form. */
export function UploadDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Refreshes what lists the new beat (app/ composes it). */
  onCreated?: (beatId: string) => void;
}) {
  const { user } = useSession();
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Upload Beat"
      description="Audio, cover and the details buyers search for."
      widthClassName="max-w-2xl"
    >
      {open ? user ? <UploadForm onCreated={onCreated} onFinished={close} /> : <UploadSignInPrompt /> : null}
    </DialogShell>
  );
}

/** The header's Upload button (signed-in users) with its dialog. */
export function UploadButton({ onCreated }: { onCreated?: (beatId: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-label="Upload" className="px-2.5 sm:px-3">
        <Upload aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">Upload</span>
      </Button>
      <UploadDialog open={open} onOpenChange={setOpen} onCreated={onCreated} />
    </>
  );
}
