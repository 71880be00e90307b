import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * What went wrong with the action just tried, in red and announced at once (role="alert"). The
 * form it sits in stays as the user left it, so they can correct and try again.
 */
export function ErrorBanner({ title, detail }: { title: ReactNode; detail?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-300"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 break-words">
        <p className={detail ? 'font-semibold' : undefined}>{title}</p>
        {detail ? <p className="mt-0.5 text-red-300/80">{detail}</p> : null}
      </div>
    </div>
  );
}
