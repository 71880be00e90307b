import { TestClockBody, TestClockResponse } from '@beatroom/shared/challenges-contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import {
  createChallengeWithdrawalService,
  type ChallengeWithdrawalService,
} from './challenge-withdrawal.service';
import { CLOSE_CHALLENGE, CLOSE_DUE_CHALLENGES, scheduleChallengeJobs } from './challenge-jobs';
import { createChallengesRepository } from './challenges.repository';
import { challengesRoutes } from './challenges.routes';
import { createChallengesService, type ChallengesService } from './challenges.service';
import { createMovableClock, type MovableClock } from './test-clock';

declare module 'fastify' {
  interface FastifyInstance {
    /** Beat challenges: `close(id)` and `closeDue()` are what the closing jobs run. */
    challenges: ChallengesService;
    /** Account deletion's part in challenges (cancel the creator's, withdraw the entrant's). */
    challengeWithdrawal: ChallengeWithdrawalService;
  }
}

export interface ChallengesPluginOptions {
  config: Config;
  /** Tests hand in their own clock; otherwise the wall clock (or, with TEST_CLOCK, a movable one). */
  now?: () => Date;
}

/** POST /api/test/clock: e2e journeys move the challenges' clock past an end, then close what is due. */
const testClockRoutes: FastifyPluginAsyncZod<{ clock: MovableClock }> = async (app, { clock }) => {
  app.post(
    '/api/test/clock',
    { schema: { body: TestClockBody, response: { 200: TestClockResponse } } },
    async (request) => {
      const now = clock.advance(request.body.advance_ms);
      if (app.hasDecorator('jobs')) await app.jobs.send(CLOSE_DUE_CHALLENGES, {});
      return { now: now.toISOString() };
    },
  );
};

/**
 * Challenges: service, routes, the closing jobs and, in e2e runs only, the clock
 * control. Entering records `challenge.entered` (activity) and closing `challenge.closed`
 * (notifications) in their transactions; those modules react to them.
 */
export const challengesPlugin = fp(
  async (app, opts: ChallengesPluginOptions) => {
    const movable = !opts.now && opts.config.testClock ? createMovableClock() : null;
    const now = opts.now ?? movable?.now ?? (() => new Date());
    const jobs = app.hasDecorator('jobs') ? app.jobs : null;
    const repo = createChallengesRepository(app.db.prisma);
    const challenges = createChallengesService({
      repo,
      credits: app.credits,
      events: app.domainEvents,
      files: app.files,
      log: app.log,
      now,
      scheduleClose: async (challengeId, at) => {
        if (!jobs) return;
        // A second late rather than early: an early run finds it not due and leaves it to the sweep.
        const seconds = Math.max(1, Math.ceil((at.getTime() - now().getTime()) / 1000) + 1);
        await jobs.send(CLOSE_CHALLENGE, { challengeId }, { startAfterSeconds: seconds });
      },
    });
    app.decorate('challenges', challenges);
    app.decorate(
      'challengeWithdrawal',
      createChallengeWithdrawalService({ repo, credits: app.credits, now }),
    );
    await app.register(challengesRoutes, { config: opts.config });
    if (movable && opts.config.env !== 'production') await app.register(testClockRoutes, { clock: movable });
    if (jobs) await scheduleChallengeJobs(jobs, challenges);
  },
  {
    name: 'challenges',
    dependencies: ['db', 'auth', 'credits', 'domain-events', 'files', 'recordings'],
  },
);
