import { Lock } from 'lucide-react';
import { Button } from './button';

/**
 * A part of a page the viewer's plan does not include (analytics_access): the
 * server's message and, when the page offers one, Upgrade to Pro (the caller opens the Upgrade
 * dialog; this component does not know about plans).
 */
export function LockedPanel({
  title,
  message,
  onUpgrade,
}: {
  title: string;
  message: string;
  onUpgrade?: () => void;
}) {
  return (
    <div
      role="group"
      aria-label={title}
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-6 py-10 text-center"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-fg/5 text-muted">
        <Lock aria-hidden="true" className="size-6" />
      </span>
      <h3 className="text-base font-semibold">{title}</h3>
      <p className="-mt-1.5 max-w-md text-sm text-muted">{message}</p>
      {onUpgrade ? (
        <Button onClick={onUpgrade} className="mt-2">
          Upgrade to Pro
        </Button>
      ) : null}
    </div>
  );
}
