import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An empty list or tab: an icon, the spec's text and, where there is one, a way forward. */
export function EmptyState({
  Icon,
  title,
  children,
}: {
  Icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-line px-6 py-14 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-fg/5 text-muted">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}
