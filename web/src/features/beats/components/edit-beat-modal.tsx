import type { Beat, EditBeatBody } from '@beatroom/shared/beats-contract';
import type { Currency } from '@beatroom/shared/constants';
import { formatNumber, formatRating } from '@beatroom/shared/format';
import { useQuery } from '@tanstack/react-query';
import {
  CircleAlert,
  Download,
  Headphones,
  Heart,
  LoaderCircle,
  Star,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { showToast } from '../../../lib/toast';
import { analyticsQueryOptions, describeError, serverErrorText } from '../api';
import {
  beatFormFrom,
  toBeatFields,
  validateBeatForm,
  type BeatFormErrors,
  type BeatFormValues,
} from '../beat-form';
import { uploadCover } from '../cover-upload';
import { useDeleteBeat, useEditBeat } from '../hooks/use-beat-mutations';
import { BeatFormFields } from './beat-form-fields';
import { CoverPicker } from './cover-picker';

export const DELETE_WARNING =
  'This action cannot be undone. All plays, favorites, and reviews will be permanently lost.';

function Tile({
  icon,
  label,
  value,
  sub,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  sub?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-2xl border border-line bg-fg/5 p-3">
      <span className="flex items-center gap-1.5 text-xs font-medium text-muted">
        {icon}
        {label}
      </span>
      <span className="text-xl font-bold numeric">{value}</span>
      {sub ? <span className="text-xs text-muted numeric">{sub}</span> : null}
    </div>
  );
}

function AnalyticsTiles({ beatId }: { beatId: string }) {
  const analytics = useQuery(analyticsQueryOptions(beatId));

  if (analytics.isError) {
    return (
      <div className="flex flex-col items-center gap-1 rounded-2xl border border-line bg-fg/5 p-4 text-center">
        <p className="font-semibold">Analytics Unavailable</p>
        <p className="text-sm text-muted">Failed to load analytics data</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void analytics.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const data = analytics.data;
  const value = (n: number | undefined) => (data ? formatNumber(n) : '–');
  return (
    <div aria-busy={analytics.isPending || undefined} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <Tile
        icon={<Headphones aria-hidden="true" className="size-3.5" />}
        label="Total Plays"
        value={value(data?.play_count)}
      />
      <Tile
        icon={<Download aria-hidden="true" className="size-3.5" />}
        label="Downloads"
        value={value(data?.download_count)}
      />
      <Tile
        icon={<Heart aria-hidden="true" className="size-3.5" />}
        label="Favorites"
        value={value(data?.favorites_count)}
      />
      <Tile
        icon={<Star aria-hidden="true" className="size-3.5" />}
        label="Rating"
        value={data ? formatRating(data.average_rating) : '–'}
        sub={data ? `${formatNumber(data.total_reviews)} Reviews` : 'Reviews'}
      />
    </div>
  );
}

function ErrorBanner({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-xl border border-red-500/40 bg-red-500/10 px-3 py-2.5 text-sm text-red-300"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

type Mode = 'edit' | 'confirm-delete';

interface ManageBeatCallbacks {
  /**
   * After a delete, once the modal has closed: where to go is the caller's choice (the beat's
   * own page leaves for home; a list of uploads stays and refreshes itself).
   */
  onDeleted: (beat: Beat) => void;
  /** After a save, for callers showing the beat in queries of their own (the profile's lists). */
  onSaved?: (beat: Beat) => void;
}

function ManageBeatContent({
  beat,
  currency,
  onClose,
  onDeleted,
  onSaved,
}: {
  beat: Beat;
  currency: Currency;
  onClose: () => void;
} & ManageBeatCallbacks) {
  const [initial] = useState(() => beatFormFrom(beat, currency));
  const [values, setValues] = useState<BeatFormValues>(initial);
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<BeatFormErrors>({});
  const [mode, setMode] = useState<Mode>('edit');
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
    const found = validateBeatForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setError(null);

    const fields = toBeatFields(values, currency);
    const body: EditBeatBody = {
      title: fields.title,
      description: fields.description,
      bpm: fields.bpm,
      genre: fields.genre,
      key_signature: fields.key_signature,
      mood: fields.mood,
    };
    // An untouched price is not sent back: USD -> EUR -> USD may drift by a cent.
    if (values.price !== initial.price || values.free !== initial.free) {
      body.price_cents = fields.price_cents;
      body.is_free = fields.is_free;
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

  if (mode === 'confirm-delete') {
    return (
      <div className="flex flex-col gap-5">
        <div className="flex flex-col items-center gap-3 py-2 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-red-500/15 text-red-400">
            <TriangleAlert aria-hidden="true" className="size-7" />
          </span>
          <h3 className="text-lg font-semibold">Delete Beat?</h3>
          <p className="max-w-sm text-sm text-muted">{DELETE_WARNING}</p>
        </div>
        {error ? <ErrorBanner message={error} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={remove.isPending}
            onClick={() => {
              setError(null);
              setMode('edit');
            }}
          >
            Cancel
          </Button>
          <Button
            onClick={onDelete}
            disabled={remove.isPending}
            className="bg-red-600 shadow-red-900/30 hover:bg-red-500"
          >
            {remove.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Trash2 aria-hidden="true" className="size-4" />
            )}
            {remove.isPending ? 'Deleting...' : 'Delete Beat'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSave(event)}
      noValidate
      className="flex flex-col gap-5"
      aria-busy={busy || undefined}
    >
      <AnalyticsTiles beatId={beat.id} />
      <CoverPicker file={cover} onChange={setCover} currentKey={beat.cover_image_key} disabled={busy} />
      <BeatFormFields
        values={values}
        onChange={(next) => {
          setValues(next);
          if (errors.title || errors.bpm) setErrors(validateBeatForm(next));
        }}
        currency={currency}
        errors={errors}
        disabled={busy}
        freeLabel="Free beat"
      />
      {error ? <ErrorBanner message={error} /> : null}
      <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:items-center">
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() => {
            setError(null);
            setMode('confirm-delete');
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
 * a confirmation (platform.md §2, §4 "Beat edit modal": normal, delete confirmation, busy).
 * The catalogue's own queries are refreshed here; `onSaved` / `onDeleted` let the caller
 * refresh its own and decide where the user goes after a delete.
 */
export function EditBeatModal({
  beat,
  currency,
  open,
  onOpenChange,
  onDeleted,
  onSaved,
}: {
  beat: Beat;
  currency: Currency;
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
          currency={currency}
          onClose={() => onOpenChange(false)}
          onDeleted={onDeleted}
          onSaved={onSaved}
        />
      ) : null}
    </DialogShell>
  );
}
