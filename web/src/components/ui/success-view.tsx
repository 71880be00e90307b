import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** The moment after something worked, before the screen moves on: announced as a status. */
export function SuccessView({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
      <CircleCheck aria-hidden="true" className="size-14 text-emerald-400" />
      <h3 className="text-xl font-semibold">{title}</h3>
      {children ? (
        <div className="flex flex-col items-center gap-1 text-sm text-muted">{children}</div>
      ) : null}
    </div>
  );
}
