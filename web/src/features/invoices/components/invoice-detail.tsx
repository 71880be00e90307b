import { formatDateTime } from '@beatroom/shared/format-dates';
import { formatAmount } from '@beatroom/shared/format-money';
import type { Invoice } from '@beatroom/shared/money-contract';
import { ArrowLeft, FileDown, LoaderCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { TotalsList } from '../../../components/ui/totals-list';
import { creditNotePdfPath } from '../api';
import { useDownloadInvoice } from '../hooks/use-download-invoice';
import { parseInvoiceItems, TRANSACTION_LABELS } from '../invoice-items';
import { InvoiceStatus } from './invoice-status';

const PAYMENT_LABELS: Record<Invoice['payment_method_type'], string> = {
  card: 'Card',
  paypal: 'PayPal',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  credits: 'Credits',
};

/**
 * One invoice: its lines from the items JSON, subtotal, tax, discount and
 * total in the invoice's own currency (€ for EUR, otherwise $), and Download PDF; beside it
 * the credit notes of its refunds, each with its own PDF.
 */
export function InvoiceDetail({ invoice, onBack }: { invoice: Invoice; onBack: () => void }) {
  const { download, downloading } = useDownloadInvoice();
  const items = parseInvoiceItems(invoice.items);
  const amount = (cents: number) => formatAmount(cents, invoice.currency);
  const totals = [
    { label: 'Subtotal', value: amount(invoice.subtotal_cents) },
    { label: 'Tax', value: amount(invoice.tax_cents) },
    { label: 'Discount', value: invoice.discount_cents ? `-${amount(invoice.discount_cents)}` : amount(0) },
  ];

  return (
    <article aria-labelledby="invoice-number" className="flex flex-col gap-4">
      <Button variant="ghost" size="sm" onClick={onBack} className="self-start">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All invoices
      </Button>

      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id="invoice-number" className="text-lg font-semibold numeric">
            {invoice.invoice_number}
          </h3>
          <p className="text-sm text-muted">
            {TRANSACTION_LABELS[invoice.transaction_type] ?? invoice.transaction_type} ·{' '}
            <time dateTime={invoice.payment_date}>{formatDateTime(invoice.payment_date)}</time> ·{' '}
            {PAYMENT_LABELS[invoice.payment_method_type]}
          </p>
        </div>
        <InvoiceStatus status={invoice.status} />
      </header>

      <div className="overflow-x-auto rounded-2xl border border-line">
        <table className="w-full text-sm">
          <caption className="sr-only">Items</caption>
          <thead className="bg-fg/5 text-left text-xs text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Item
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={index} className="border-t border-line">
                <td className="px-3 py-2">{item.name}</td>
                <td className="px-3 py-2 text-right numeric">{item.quantity}</td>
                <td className="px-3 py-2 text-right numeric">{amount(item.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <TotalsList
        label="Totals"
        rows={totals}
        total={{ label: 'Total', value: amount(invoice.total_cents) }}
      />

      {invoice.credit_notes.length ? (
        <section aria-labelledby="credit-notes" className="flex flex-col gap-2">
          <h4 id="credit-notes" className="text-sm font-semibold">
            Credit notes
          </h4>
          <ul className="flex flex-col gap-2">
            {invoice.credit_notes.map((note) => (
              <li
                key={note.credit_note_number}
                data-testid="credit-note"
                className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-line px-3 py-2 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium numeric">{note.credit_note_number}</p>
                  <p className="text-xs text-muted">
                    <time dateTime={note.issued_at}>{formatDateTime(note.issued_at)}</time> · {note.reason}
                  </p>
                </div>
                <span className="numeric font-medium">-{amount(note.total_cents)}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={downloading}
                  aria-label={`Download PDF of credit note ${note.credit_note_number}`}
                  onClick={() =>
                    void download(note.credit_note_number, creditNotePdfPath(note.credit_note_number))
                  }
                >
                  <FileDown aria-hidden="true" className="size-4" />
                  Download PDF
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Button
        onClick={() => void download(invoice.invoice_number)}
        disabled={downloading}
        aria-busy={downloading || undefined}
        className="self-end"
      >
        {downloading ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <FileDown aria-hidden="true" className="size-4" />
        )}
        Download PDF
      </Button>
    </article>
  );
}
