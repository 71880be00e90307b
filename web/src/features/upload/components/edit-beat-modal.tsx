import type { Beat, EditBeatBody } from '@beatroom/shared/beats-contract';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ErrorBanner } from '../../../components/ui/error-banner';
import { describeError, serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { beatFormFrom } from '../beat-form';
import { uploadCover } from '../cover-upload';
import { useDeleteBeat, useEditBeat } from '../hooks/use-manage-beat';
import { BeatAnalyticsTiles } from './beat-analytics-tiles';
import { BeatFormFields, useBeatForm } from './beat-form-fields';
import { CoverPicker } from './cover-picker';
import { DeleteBeatConfirmation } from './delete-beat-confirmation';

export interface ManageBeatCallbacks {
  /**
   * After a delete, once the modal has closed: where to go is the caller's choice (the beat's
   * own page leaves for home; a list of uploads stays and refreshes itself).
   */
  onDeleted: (beat: Beat) => void;
  /** After a save, for callers showing the beat in queries of their own. */
  onSaved?: (beat: Beat) => void;
  /** The beat's promotions with their state and end date, and Promote (promotions, via app/). */
  promotions?: (beat: Beat) => ReactNode;
}

function ManageBeatContent({
  beat,
  onClose,
  onDeleted,
  onSaved,
  promotions,
}: { beat: Beat; onClose: () => void } & ManageBeatCallbacks) {
  const currency = usePreferredCurrency();
  const [initial] = useState(() => beatFormFrom(beat, currency));
  const form = useBeatForm(initial, currency);
  const [cover, setCover] = useState<File | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [uploadingCover, setUploadingCover] = useState(false);
  const edit = useEditBeat(beat.id);
  const remove = useDeleteBeat(beat.id, () => {
    onClose();
    showToast({ type: 'success', title: 'Beat deleted', message: beat.title });
    onDeleted(beat);
  });
  const busy = uploadingCover || edit.isPending || remove.isPending;

  async function onSave(event: FormEvent) {
    event.preventDefault();
    const fields = form.check();
    if (!fields || busy) return;
    setError(null);

    const { list_price_cents, list_currency, is_free, ...rest } = fields;
    const body: EditBeatBody = rest;
    // An untouched price is not sent back: one listed in the other currency shows converted,
    // and saving that would re-list it in this one.
    if (form.values.price !== initial.price || form.values.free !== initial.free) {
      Object.assign(body, { list_price_cents, list_currency, is_free });
    }
    try {
      if (cover) {
        setUploadingCover(true);
        try {
          body.cover_image_key = await uploadCover(cover);
        } finally {
          setUploadingCover(false);
        }
      }
      const saved = await edit.mutateAsync(body);
      showToast({ type: 'success', title: 'Beat updated', message: fields.title });
      onClose();
      onSaved?.(saved);
    } catch (failure) {
      console.error(`Failed to update beat: ${describeError(failure)}`);
      setError(serverErrorText(failure) ?? 'Failed to update beat');
    }
  }

  function onDelete() {
    setError(null);
    remove.mutate(undefined, {
      onError: (failure) => {
        console.error(`Failed to delete beat: ${describeError(failure)}`);
        setError(serverErrorText(failure) ?? 'Failed to delete beat');
      },
    });
  }

  if (confirmingDelete) {
    return (
      <DeleteBeatConfirmation
        error={error}
        deleting={remove.isPending}
        onCancel={() => {
          setError(null);
          setConfirmingDelete(false);
        }}
        onDelete={onDelete}
      />
    );
  }

  return (
    <form
      onSubmit={(event) => void onSave(event)}
      noValidate
      className="flex flex-col gap-5"
      aria-busy={busy || undefined}
    >
      <BeatAnalyticsTiles beatId={beat.id} />
      {promotions?.(beat)}
      <CoverPicker file={cover} onChange={setCover} currentKey={beat.cover_image_key} disabled={busy} />
      <BeatFormFields {...form.fieldProps} disabled={busy} freeLabel="Free beat" />
      {error ? <ErrorBanner title={error} /> : null}
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:items-center">
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() => {
            setError(null);
            setConfirmingDelete(true);
          }}
          className="text-red-400 hover:bg-red-500/10 hover:text-red-300 sm:mr-auto"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete Beat
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Manage Beat (owner): analytics tiles, cover and fields, Save Changes, and Delete Beat behind
 * a confirmation (its states: normal, delete confirmation, busy).
 * `onSaved` / `onDeleted` let the caller refresh what shows the beat and decide where the user
 * goes after a delete.
 */
export function EditBeatModal({
  beat,
  open,
  onOpenChange,
  onDeleted,
  onSaved,
  promotions,
}: {
  beat: Beat;
  open: boolean;
  onOpenChange: (open: boolean) => void;
} & ManageBeatCallbacks) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Manage Beat"
      description={beat.title}
      widthClassName="max-w-2xl"
    >
      {/* Mounted only while open, so every opening starts from the saved beat. */}
      {open ? (
        <ManageBeatContent
          beat={beat}
          onClose={() => onOpenChange(false)}
          onDeleted={onDeleted}
          onSaved={onSaved}
          promotions={promotions}
        />
      ) : null}
    </DialogShell>
  );
}
