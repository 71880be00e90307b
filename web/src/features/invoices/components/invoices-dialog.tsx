import { formatDate } from '@beatroom/shared/format-dates';
import { convertedNote, formatCharged } from '@beatroom/shared/list-price';
import { UI } from '@beatroom/shared/limits';
import type { Invoice } from '@beatroom/shared/money-contract';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { SignedInDialog } from '../../session/components/signed-in-dialog';
import { invoicesQueryOptions } from '../api';
import { TRANSACTION_LABELS } from '../invoice-items';
import { useInvoicesDialog } from '../store/invoices-dialog-store';
import { InvoiceDetail } from './invoice-detail';
import { InvoiceStatus } from './invoice-status';

function InvoiceRow({ invoice, onOpen }: { invoice: Invoice; onOpen: () => void }) {
  // The total as charged, naming its currency; the viewer's own currency beside it, for display.
  const note = convertedNote(invoice.total_cents, invoice.currency, usePreferredCurrency());
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Invoice ${invoice.invoice_number}`}
        className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-line bg-surface/60 px-3 py-2.5 text-left transition-colors hover:bg-fg/10"
      >
        <span className="min-w-0 flex-1 basis-40">
          <span className="block font-medium numeric">{invoice.invoice_number}</span>
          <span className="block text-xs text-muted">
            {TRANSACTION_LABELS[invoice.transaction_type] ?? invoice.transaction_type} ·{' '}
            {formatDate(invoice.payment_date)}
          </span>
        </span>
        <InvoiceStatus status={invoice.status} />
        <span className="w-28 text-right font-semibold numeric">
          {formatCharged(invoice.total_cents, invoice.currency)}
          {note ? <span className="block text-xs font-normal text-muted">{note}</span> : null}
        </span>
        <ChevronRight aria-hidden="true" className="size-4 text-muted" />
      </button>
    </li>
  );
}

function InvoiceList({ userId, onOpen }: { userId: string; onOpen: (invoice: Invoice) => void }) {
  const [page, setPage] = useState(1);
  const invoices = useQuery(invoicesQueryOptions(userId, page));

  if (invoices.isPending) {
    return (
      <ul role="status" aria-label="Loading invoices" className="flex flex-col gap-2">
        {Array.from({ length: UI.SKELETON_ROWS }, (_, index) => (
          <li key={index} aria-hidden="true" className="h-14 animate-pulse rounded-2xl bg-fg/10" />
        ))}
      </ul>
    );
  }
  // A failed fetch is only logged (the query cache does); the list shows empty.
  const list = invoices.data?.invoices ?? [];
  const pages = Math.max(1, invoices.data?.pagination.pages ?? 1);
  if (list.length === 0) {
    return (
      <EmptyState
        Icon={Receipt}
        title="No invoices yet"
        message="Every purchase you make gets an invoice here."
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label="Invoices"
        aria-busy={invoices.isPlaceholderData || undefined}
        className="flex flex-col gap-2"
      >
        {list.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} onOpen={() => onOpen(invoice)} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label="Invoice pages" className="flex items-center justify-between gap-2">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </Button>
          <span className="text-sm text-muted numeric">
            Page {page} of {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages || invoices.isPlaceholderData}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

/** The list keeps its page while an invoice is open, so Back returns to where the user was. */
function InvoicesBrowser({ userId }: { userId: string }) {
  const [open, setOpen] = useState<Invoice | null>(null);
  return (
    <>
      <div hidden={open !== null}>
        <InvoiceList userId={userId} onOpen={setOpen} />
      </div>
      {open ? <InvoiceDetail invoice={open} onBack={() => setOpen(null)} /> : null}
    </>
  );
}

/**
 * Invoices & Receipts: the signed-in user's invoices, 10 a page, and one
 * invoice's detail with Download PDF. Opened through useInvoicesDialog; app/ mounts it once.
 */
export function InvoicesDialog() {
  const isOpen = useInvoicesDialog((state) => state.isOpen);
  const close = useInvoicesDialog((state) => state.close);
  // Invoices are one's own: signed out, there is nothing to show. Every opening starts on
  // page 1, on the list.
  return (
    <SignedInDialog open={isOpen} close={close} title="Invoices & Receipts" widthClassName="max-w-2xl">
      {(user) => <InvoicesBrowser key={user.id} userId={user.id} />}
    </SignedInDialog>
  );
}
