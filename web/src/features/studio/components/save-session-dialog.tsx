import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { STUDIO_ALERTS } from '../studio-alerts';

/** Save Session: a name ('Please enter a session name.' without one), then the session becomes current. */
export function SaveSessionDialog({
  open,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves true when saved (the dialog closes), false when it failed (it stays). */
  onSave: (name: string) => Promise<boolean>;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(STUDIO_ALERTS.sessionNameRequired);
      return;
    }
    setSaving(true);
    const saved = await onSave(trimmed);
    setSaving(false);
    if (saved) {
      setName('');
      onOpenChange(false);
    }
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title="Save Session"
      description="Your settings are kept under this name; while it is current, every change is saved."
    >
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label="Session name" htmlFor="studio-session-name">
          <input
            id="studio-session-name"
            className={inputClasses}
            value={name}
            maxLength={100}
            autoFocus
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
        </FormField>
        {error ? <ErrorBanner title={error} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {saving ? 'Saving...' : 'Save Session'}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
