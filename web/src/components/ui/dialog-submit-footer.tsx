import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { DialogFormButtons } from './dialog-form-buttons';
import { ErrorBanner } from './error-banner';

/**
 * The end of a paying dialog's form: the inline error of the last try, then Cancel and the submit
 * button, which spins and names the step while the request runs or the browser leaves for a
 * checkout. A `note` (terms…) sits right under the buttons.
 */
export function DialogSubmitFooter({
  error,
  onCancel,
  canSubmit,
  pending,
  leaving,
  label,
  note,
}: {
  error: string | null;
  onCancel: () => void;
  canSubmit: boolean;
  /** The request is running. */
  pending: boolean;
  /** The request answered with a checkout the browser is now going to. */
  leaving: boolean;
  /** The button's text while idle. */
  label: string;
  note?: ReactNode;
}) {
  const buttons = (
    <DialogFormButtons onCancel={onCancel} submitDisabled={!canSubmit}>
      {pending || leaving ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
      {leaving ? 'Redirecting to checkout...' : pending ? 'Processing...' : label}
    </DialogFormButtons>
  );
  return (
    <>
      {error ? <ErrorBanner title={error} /> : null}
      {note ? (
        <div className="flex flex-col gap-3">
          {buttons}
          <p className="text-center text-xs text-muted sm:text-right">{note}</p>
        </div>
      ) : (
        buttons
      )}
    </>
  );
}
