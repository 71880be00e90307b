import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An empty list or tab: an icon, the documented text and, where there is one, a way forward. */
export function EmptyState({
  Icon,
  title,
  message,
  children,
}: {
  Icon: LucideIcon;
  title: string;
  /** A line under the title: why it is empty, what would fill it. */
  message?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-line px-6 py-14 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-fg/5 text-muted">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      {/* h2: right under a page's h1 (heading levels may not skip), and fine inside a panel. */}
      <h2 className="text-lg font-semibold">{title}</h2>
      {message ? <p className="-mt-1.5 max-w-md text-sm text-muted">{message}</p> : null}
      {children ? <div className="mt-3 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}
