import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The buttons at the end of a dialog's form: Cancel, then the submit button whose content (its
 * label, or its busy text while the request runs) the dialog gives as children. Stacked with the
 * submit on top on narrow screens, side by side on the right from `sm` up.
 */
export function DialogFormButtons({
  onCancel,
  submitDisabled,
  cancelDisabled,
  children,
}: {
  onCancel: () => void;
  submitDisabled: boolean;
  /** Cancel waits for a request that cannot be taken back (an upload under way). */
  cancelDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button type="submit" disabled={submitDisabled}>
        {children}
      </Button>
    </div>
  );
}
