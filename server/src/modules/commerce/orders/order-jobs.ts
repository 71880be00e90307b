import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs/job-runner';
import type { FulfilmentService } from './fulfilment.service';

/**
 * Every minute: release checkouts whose 30 minutes are over (an exclusive they reserved is for
 * sale again) and resend refunds a provider outage interrupted. Purchases expire run-out
 * reservations of their beat themselves, so a late run never blocks a buyer.
 */
export const EXPIRE_RESERVATIONS = defineJob('orders.expire-reservations', z.object({}), {
  retryLimit: 0,
  expireInSeconds: 120,
  policy: 'stately',
});

export async function scheduleOrderJobs(jobs: Jobs, fulfilment: FulfilmentService): Promise<void> {
  await jobs.work(EXPIRE_RESERVATIONS, async () => {
    await fulfilment.expireReservations();
    await fulfilment.sendPendingRefunds();
  });
  await jobs.schedule(EXPIRE_RESERVATIONS, '* * * * *', {});
}
