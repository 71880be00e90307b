import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface DialogShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  widthClassName?: string;
}

/**
 * A centred modal with overlay, title and close button. Radix traps focus, closes on Escape and
 * on an outside click, and returns focus to whatever opened it.
 */
export function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  children,
  widthClassName = 'max-w-md',
}: DialogShellProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm animate-fade-in" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] ${widthClassName} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-elevated p-6 text-fg shadow-2xl shadow-black/50 animate-dialog-in`}
          // Without a description Radix warns unless told explicitly that there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="pr-8 text-xl font-semibold tracking-tight">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1.5 text-sm text-muted">{description}</Dialog.Description>
          ) : null}
          <div className="mt-5">{children}</div>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-full text-muted hover:bg-fg/10 hover:text-fg"
          >
            <X aria-hidden="true" className="size-4" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
