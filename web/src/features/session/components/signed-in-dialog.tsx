import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { ReactNode } from 'react';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { useSession } from '../hooks/use-session';

interface SignedInDialogProps {
  /** What the dialog's store says; signed out it stays closed whatever the store says. */
  open: boolean;
  /** The store's close: Escape, an outside click and the close button all end here. */
  close: () => void;
  /** What the opener asked to run once the dialog's work is done (before it closes). */
  onFinished?: (() => void) | null;
  title: ReactNode;
  description?: ReactNode;
  widthClassName?: string;
  /** The body, for the signed-in user; `finish` runs onFinished, then closes. */
  children: (user: SessionUser, finish: () => void) => ReactNode;
}

/**
 * A dialog that app/ mounts once and a store opens, for the signed-in user only. The body is
 * mounted only while open, so every opening starts fresh.
 */
export function SignedInDialog({
  open,
  close,
  onFinished,
  title,
  description,
  widthClassName = 'max-w-3xl',
  children,
}: SignedInDialogProps) {
  const { user } = useSession();
  return (
    <DialogShell
      open={open && user !== null}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={title}
      description={description}
      widthClassName={widthClassName}
    >
      {open && user
        ? children(user, () => {
            onFinished?.();
            close();
          })
        : null}
    </DialogShell>
  );
}
