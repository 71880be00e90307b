import { LoaderCircle, Trash2, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ErrorBanner } from '../../../components/ui/error-banner';

/** The warning before a beat is deleted. */
export const DELETE_WARNING =
  'This action cannot be undone. All plays, favorites, and reviews will be permanently lost.';

/** Manage Beat's second state: Delete Beat? with Cancel and Delete Beat, busy while deleting. */
export function DeleteBeatConfirmation({
  error,
  deleting,
  onCancel,
  onDelete,
}: {
  error: string | null;
  deleting: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col items-center gap-3 py-2 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-red-500/15 text-red-400">
          <TriangleAlert aria-hidden="true" className="size-7" />
        </span>
        <h3 className="text-lg font-semibold">Delete Beat?</h3>
        <p className="max-w-sm text-sm text-muted">{DELETE_WARNING}</p>
      </div>
      {error ? <ErrorBanner title={error} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={deleting} onClick={onCancel}>
          Cancel
        </Button>
        <Button
          onClick={onDelete}
          disabled={deleting}
          className="bg-red-600 shadow-red-900/30 hover:bg-red-500"
        >
          {deleting ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Trash2 aria-hidden="true" className="size-4" />
          )}
          {deleting ? 'Deleting...' : 'Delete Beat'}
        </Button>
      </div>
    </div>
  );
}
