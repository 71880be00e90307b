import { ADMIN_TOAST_MS } from '@beatroom/shared/admin-contract';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { inputClasses } from '../../../components/ui/form-field';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';

/** Admin toasts stay 5 seconds; a failure shows the server's error, else the fallback. */
export function toastSuccess(title: string) {
  showToast({ type: 'success', title, duration: ADMIN_TOAST_MS });
}
export function toastFailure(error: unknown, fallback: string) {
  showToast({ type: 'error', title: serverErrorText(error) ?? fallback, duration: ADMIN_TOAST_MS });
}

/** A question before an action that cannot be taken back (an admin confirmation). */
export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  run: () => Promise<void>;
}

export function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <DialogShell
      open={confirmation !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={confirmation?.title ?? ''}
      description={confirmation?.message}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={busy}
          className="bg-red-600 text-white hover:bg-red-500"
          onClick={async () => {
            if (!confirmation) return;
            setBusy(true);
            try {
              await confirmation.run();
            } finally {
              setBusy(false);
              onClose();
            }
          }}
        >
          {confirmation?.confirmLabel}
        </Button>
      </div>
    </DialogShell>
  );
}

export function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="relative block max-w-sm flex-1">
      <span className="sr-only">{label}</span>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
      />
      <input
        type="search"
        className={`${inputClasses} pl-9`}
        placeholder={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** Previous / Page x of y / Next, under a paged list. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" /> Previous
      </Button>
      <span className="numeric text-muted">
        Page {page} of {pages}
      </span>
      <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}

export function Badge({
  children,
  tone,
}: {
  children: ReactNode;
  tone: 'owner' | 'admin' | 'verified' | 'featured' | 'muted';
}) {
  const tones = {
    owner: 'bg-red-500/15 text-red-300',
    admin: 'bg-amber-400/15 text-amber-300',
    verified: 'bg-sky-400/15 text-sky-300',
    featured: 'bg-accent/20 text-accent',
    muted: 'bg-fg/10 text-muted',
  };
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function AdminTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-fg/5 text-xs text-muted uppercase">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}
