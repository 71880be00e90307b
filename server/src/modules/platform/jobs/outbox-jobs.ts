import { z } from 'zod';
import type { OutboxDispatcher } from '../../../events/outbox-dispatcher';
import { defineJob, type Jobs } from './job-runner';

/** Delivered outbox rows are kept this long for inspection, then purged. */
const KEEP_DELIVERED_MS = 7 * 24 * 3600_000;

/**
 * Every minute, on one instance: deliver whatever is due in the outbox (the safety net under
 * the in-request delivery and each instance's local poll: it also picks up rows an instance
 * that died left behind), and purge rows delivered over a week ago.
 */
export const DELIVER_OUTBOX = defineJob('outbox.deliver', z.object({}), {
  retryLimit: 0,
  expireInSeconds: 300,
  policy: 'stately',
});

export async function scheduleOutboxJobs(jobs: Jobs, outbox: OutboxDispatcher): Promise<void> {
  await jobs.work(DELIVER_OUTBOX, async () => {
    await outbox.wake();
    await outbox.purgeDelivered(new Date(Date.now() - KEEP_DELIVERED_MS));
  });
  await jobs.schedule(DELIVER_OUTBOX, '* * * * *', {});
}
