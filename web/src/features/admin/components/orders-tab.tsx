import { formatDate } from '@beatroom/shared/format-dates';
import { formatAmount } from '@beatroom/shared/format-money';
import { licenseName } from '@beatroom/shared/licensing';
import type { AdminOrderRow } from '@beatroom/shared/refunds-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Receipt, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { inputClasses } from '../../../components/ui/form-field';
import { adminKeys, adminOrdersQueryOptions, refundOrder } from '../api';
import { AdminTable, Badge, SearchBox, toastFailure, toastSuccess } from './admin-parts';

const REASON_MAX = 500;

/** Asks for the reason before refunding: the refund cannot be taken back. */
function RefundDialog({
  order,
  onClose,
  onRefunded,
}: {
  order: AdminOrderRow | null;
  onClose: () => void;
  onRefunded: () => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const left = order ? order.amount_cents - order.refunded_cents : 0;
  const close = () => {
    if (busy) return;
    setReason('');
    onClose();
  };
  const submit = async () => {
    if (!order || !reason.trim()) return;
    setBusy(true);
    try {
      const done = await refundOrder(order.id, reason.trim());
      toastSuccess(`Order refunded (credit note ${done.credit_note_number})`);
      await onRefunded();
      setReason('');
      onClose();
    } catch (error) {
      toastFailure(error, 'The order could not be refunded');
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogShell
      open={order !== null}
      onOpenChange={(open) => !open && close()}
      title="Refund order"
      description={
        order
          ? `Refund ${formatAmount(left, order.currency)} to ${order.buyer_email} for "${order.beat_title}"? The licence is revoked and the producer's sale reversed. This cannot be undone.`
          : undefined
      }
    >
      <label className="flex flex-col gap-1.5 text-sm">
        <span className="font-medium">Reason</span>
        <textarea
          className={`${inputClasses} min-h-20`}
          value={reason}
          maxLength={REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Why is this order refunded?"
        />
      </label>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={close}>
          Cancel
        </Button>
        <Button
          disabled={busy || !reason.trim()}
          className="bg-red-600 text-white hover:bg-red-500"
          onClick={() => void submit()}
        >
          {busy ? 'Refunding…' : 'Refund'}
        </Button>
      </div>
    </DialogShell>
  );
}

function StatusBadge({ order }: { order: AdminOrderRow }) {
  if (order.status === 'refunded') return <Badge tone="owner">REFUNDED</Badge>;
  if (order.dispute_status === 'open') return <Badge tone="admin">DISPUTED</Badge>;
  if (order.refunded_cents > 0) return <Badge tone="admin">PARTLY REFUNDED</Badge>;
  return <Badge tone="verified">PAID</Badge>;
}

/**
 * The Orders tab: paid orders found by buyer, beat title or invoice number; Refund asks for a
 * reason and gives the money back (the licence is revoked, a credit note written).
 * `onBeatsChanged`: a refunded exclusive is on sale again, so the catalogue must refetch.
 */
export function OrdersTab({ onBeatsChanged }: { onBeatsChanged?: () => void }) {
  const [search, setSearch] = useState('');
  const [refunding, setRefunding] = useState<AdminOrderRow | null>(null);
  const queryClient = useQueryClient();
  const orders = useQuery(adminOrdersQueryOptions(search));
  const refresh = async () => {
    onBeatsChanged?.();
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };

  return (
    <section aria-label="Orders" className="flex flex-col gap-4">
      <SearchBox label="Search by buyer, beat or invoice number" value={search} onChange={setSearch} />
      {orders.isError ? (
        <ErrorState title="Orders could not be loaded" onRetry={() => void orders.refetch()} />
      ) : orders.data && orders.data.orders.length === 0 ? (
        <EmptyState Icon={Receipt} title="No orders found" />
      ) : (
        <AdminTable caption="Orders" head={['Order', 'Buyer', 'Amount', 'Invoice', 'Status', 'Actions']}>
          {(orders.data?.orders ?? []).map((order) => (
            <tr key={order.id} data-testid="admin-order-row">
              <td className="px-3 py-2">
                <Link to={`/beat/${order.beat_id}`} className="font-medium hover:underline">
                  {order.beat_title}
                </Link>
                <div className="text-xs text-muted">
                  {licenseName(order.license_type)} · {order.paid_at ? formatDate(order.paid_at) : ''}
                </div>
              </td>
              <td className="px-3 py-2">
                {order.buyer_name ?? order.buyer_email}
                <div className="text-xs text-muted">{order.buyer_email}</div>
              </td>
              <td className="numeric px-3 py-2">
                {formatAmount(order.amount_cents, order.currency)}
                {order.refunded_cents > 0 ? (
                  <div className="text-xs text-muted">
                    {formatAmount(order.refunded_cents, order.currency)} refunded
                  </div>
                ) : null}
              </td>
              <td className="px-3 py-2 font-mono text-xs">{order.invoice_number ?? '—'}</td>
              <td className="px-3 py-2">
                <StatusBadge order={order} />
              </td>
              <td className="px-3 py-2">
                {order.status === 'paid' ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-400"
                    onClick={() => setRefunding(order)}
                  >
                    <Undo2 aria-hidden="true" className="size-4" />
                    Refund
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <RefundDialog order={refunding} onClose={() => setRefunding(null)} onRefunded={refresh} />
    </section>
  );
}
