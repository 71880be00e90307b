import { invoiceStatusTone } from '../invoice-items';

const TONES = {
  paid: 'border-emerald-400/30 bg-emerald-500/15 text-emerald-300',
  other: 'border-amber-400/30 bg-amber-400/15 text-amber-300',
} as const;

/** An invoice's status: paid green, anything else yellow. */
export function InvoiceStatus({ status }: { status: string }) {
  const tone = invoiceStatusTone(status);
  return (
    <span
      data-tone={tone}
      className={`inline-flex rounded-full border px-2 py-0.5 text-[11px] font-semibold tracking-wider uppercase ${TONES[tone]}`}
    >
      {status.replace(/_/g, ' ')}
    </span>
  );
}
