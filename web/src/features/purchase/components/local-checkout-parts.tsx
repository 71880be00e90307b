import { LOCAL_CHECKOUT_BANNER } from '@beatroom/shared/money-contract';
import { CircleCheck, CircleX, FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';

/** The banner of every local test checkout page: no money moves here. */
export function LocalCheckoutBanner({ what }: { what: string }) {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-2xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-amber-200"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{LOCAL_CHECKOUT_BANNER}</p>
        <p className="text-sm text-amber-200/80">
          No payment provider is configured on this server: Pay completes {what} as a real payment would.
        </p>
      </div>
    </div>
  );
}

export function Outcome({
  tone,
  title,
  children,
}: {
  tone: 'good' | 'bad';
  title: string;
  children: ReactNode;
}) {
  const Icon = tone === 'good' ? CircleCheck : CircleX;
  return (
    <div role="status" className="flex flex-col items-center gap-3 text-center">
      <Icon aria-hidden="true" className={`size-10 ${tone === 'good' ? 'text-emerald-400' : 'text-muted'}`} />
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </div>
  );
}
