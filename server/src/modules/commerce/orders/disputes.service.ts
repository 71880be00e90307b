import { REFUND_REASONS } from '@beatroom/shared/refunds-contract';
import type { RefundsRepository } from './refunds.repository';
import type { RefundsService } from './refunds.service';

/**
 * Disputes (chargebacks) of order payments. While one is open the licence is frozen: the
 * download status says disputed and no link is signed. Won, the licence works again; lost, the
 * bank already gave the money back, so it is recorded as a whole refund (source dispute, no
 * provider refund), with its credit note and reversing ledger row.
 */
export function createDisputesService(deps: {
  repo: RefundsRepository;
  refundOrder: RefundsService['refundOrder'];
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    /** The bank disputes the payment: downloads of the licence wait until the dispute closes. */
    async disputeOpened(orderId: string, disputeId: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const order = await repo.lockOrder(tx, orderId);
        if (!order || order.status !== 'paid' || order.dispute_id === disputeId) return;
        await repo.openDispute(tx, orderId, disputeId, now());
      });
    },

    /** Won: downloads resume. Lost: the bank gave the money back, so it acts as a refund. */
    async disputeClosed(disputeId: string, won: boolean): Promise<void> {
      const orderId = await repo.orderIdByDispute(disputeId);
      if (!orderId) return;
      if (won) {
        await repo.transaction(async (tx) => {
          const order = await repo.lockOrder(tx, orderId);
          if (order?.dispute_status === 'open') await repo.closeDispute(tx, orderId, 'won');
        });
        return;
      }
      const done = await deps.refundOrder(
        orderId,
        { reason: REFUND_REASONS.DISPUTE_LOST, source: 'dispute', providerRefundId: disputeId },
        (tx) => repo.closeDispute(tx, orderId, 'lost'),
      );
      // Refunded already (by an admin meanwhile): the dispute still ends, lost.
      if (!done) {
        await repo.transaction(async (tx) => {
          const order = await repo.lockOrder(tx, orderId);
          if (order?.dispute_status === 'open') await repo.closeDispute(tx, orderId, 'lost');
        });
      }
    },
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;
