import { z } from 'zod';
import { defineJob, type Jobs } from '../../platform/jobs/job-runner';
import type { ChallengesService } from './challenges.service';

/** Closes one challenge at its end_date (sent when it is created, delayed until then). */
export const CLOSE_CHALLENGE = defineJob('challenges.close', z.object({ challengeId: z.uuid() }), {
  retryLimit: 5,
  retryDelaySeconds: 30,
});

/**
 * Every minute: whatever a lost or early job missed (a restore, a restart, a moved test clock).
 * Closing is idempotent, so this and CLOSE_CHALLENGE racing on two instances pay once.
 */
export const CLOSE_DUE_CHALLENGES = defineJob('challenges.close-due', z.object({}), {
  retryLimit: 0,
  expireInSeconds: 300,
  policy: 'stately',
});

export async function scheduleChallengeJobs(jobs: Jobs, challenges: ChallengesService): Promise<void> {
  await jobs.work(CLOSE_CHALLENGE, async ({ challengeId }) => {
    await challenges.close(challengeId);
  });
  await jobs.work(CLOSE_DUE_CHALLENGES, async () => {
    await challenges.closeDue();
  });
  await jobs.schedule(CLOSE_DUE_CHALLENGES, '* * * * *', {});
}
