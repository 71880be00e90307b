import { randomUUID } from 'node:crypto';
import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import type { ChallengeListQuery, CreateChallengeBody } from '@beatroom/shared/challenges-contract';
import {
  CHALLENGE_LIMITS,
  CHALLENGE_TEXTS,
  type Challenge,
  type ChallengeDetail,
  type ChallengeListResponse,
  type EnterChallengeBody,
  type VoteBody,
} from '@beatroom/shared/challenges-contract';
import { RECORDING_NOT_FOUND } from '@beatroom/shared/recordings-contract';
import type { z } from 'zod';
import type { Tx } from '../../../db/transaction';
import type { DurableEvent } from '../../../events/domain-events';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../../http/http-errors';
import type { FileAnswer, FileRequest } from '../../catalogue/files/files.service';
import type { UserRecord } from '../../platform/users/user-record';
import { createChallengeClosing } from './challenge-closing.service';
import { createChallengeEscrow } from './challenge-escrow';
import { rankEntries, toChallenge, toEntry, toEscrowLine } from './challenge-responses';
import type { ChallengesRepository } from './challenges.repository';

const DAY_MS = 86_400_000;

/** What the challenges need from other modules, handed in by the plugin. */
export interface ChallengesDeps {
  repo: ChallengesRepository;
  /** app.credits: both run inside the challenge's transaction, once per idempotency key. */
  credits: {
    spend(tx: Tx, s: { userId: string; amount: number; description: string; key: string }): Promise<unknown>;
    grant(
      tx: Tx,
      g: { userId: string; amount: number; description: string; kind: 'earned'; key: string },
    ): Promise<boolean>;
  };
  events: {
    record(tx: Tx, event: DurableEvent): Promise<string>;
    deliver(ids: string[]): Promise<void>;
  };
  files: { readPrivate(key: string, request: FileRequest): Promise<FileAnswer> };
  /** Enqueues the close of a challenge at its end (the minute sweep is the safety net). */
  scheduleClose(challengeId: string, at: Date): Promise<void>;
  log: { error(obj: object, msg: string): void };
  /** The challenges' clock: tests and the e2e clock control move it (see test-clock.ts). */
  now?: () => Date;
}

/**
 * Beat challenges. Every credit movement goes through
 * the credits ledger inside the transaction that causes it, keyed so it happens once, and is
 * mirrored in the challenge's escrow movements: the prize leaves the creator when the challenge
 * is made, an entry fee leaves the entrant with the entry, and closing pays the whole escrow to
 * the winner (most votes, earliest entry on a tie) or back to whoever paid in. The challenge
 * row's lock orders entering, voting and closing, so two instances closing at once pay once.
 */
export function createChallengesService(deps: ChallengesDeps) {
  const { repo, events } = deps;
  const now = deps.now ?? (() => new Date());
  const challengeEscrow = createChallengeEscrow(deps);
  const { payIn } = challengeEscrow;
  const closing = createChallengeClosing({ ...deps, escrow: challengeEscrow, now });

  async function detail(viewer: UserRecord | null, id: string): Promise<ChallengeDetail> {
    const row = await repo.find(id);
    if (!row) throw notFound(CHALLENGE_TEXTS.NOT_FOUND);
    const [entries, vote, escrow] = await Promise.all([
      repo.entries(id).then(rankEntries),
      viewer ? repo.voteOf(id, viewer.id) : null,
      repo.escrowOf(id),
    ]);
    const own = viewer ? (entries.find((e) => e.userId === viewer.id)?.id ?? null) : null;
    return {
      challenge: toChallenge(row, own),
      entries: entries.map((e) => toEntry(id, e)),
      current_user_vote_entry_id: vote?.entryId ?? null,
      escrow: escrow.map(toEscrowLine),
      server_time: now().toISOString(),
    };
  }

  return {
    detail,
    ...closing,

    async list(
      viewer: UserRecord | null,
      query: z.output<typeof ChallengeListQuery>,
    ): Promise<ChallengeListResponse> {
      const at = now();
      const [rows, stats] = await Promise.all([
        repo.list(query.filter, at, CHALLENGE_LIMITS.LIST_MAX),
        repo.activeStats(at),
      ]);
      const own = viewer
        ? await repo.entriesOf(
            viewer.id,
            rows.map((r) => r.id),
          )
        : new Map<string, string>();
      return {
        challenges: rows.map((r) => toChallenge(r, own.get(r.id) ?? null)),
        stats: {
          active_challenges: stats.count,
          total_prize_credits: stats.prize,
          total_entries: stats.entries,
        },
        server_time: at.toISOString(),
      };
    },

    /**
     * POST /api/challenges. The prize moves from the creator's credits into escrow in the
     * transaction that creates the challenge (402 when short); an admin may fund it from the
     * platform instead. A start already past means now; the end must be ahead.
     */
    async create(user: UserRecord, body: z.output<typeof CreateChallengeBody>): Promise<Challenge> {
      if (body.funded_by === 'platform' && !user.isAdmin)
        throw forbidden(CHALLENGE_TEXTS.PLATFORM_ADMIN_ONLY);
      const at = now();
      const end = new Date(body.end_date);
      const start = new Date(Math.max(Date.parse(body.start_date), at.getTime()));
      if (end <= at) throw badRequest(CHALLENGE_TEXTS.END_IN_PAST);
      if (start.getTime() - at.getTime() > CHALLENGE_LIMITS.MAX_START_AHEAD_DAYS * DAY_MS) {
        throw badRequest(CHALLENGE_TEXTS.START_TOO_FAR);
      }
      if (end.getTime() - start.getTime() > CHALLENGE_LIMITS.MAX_DURATION_DAYS * DAY_MS) {
        throw badRequest(CHALLENGE_TEXTS.TOO_LONG);
      }
      const beat = await repo.beat(body.beat_id);
      if (!beat || beat.delistedAt) throw notFound(BEAT_NOT_FOUND);

      const id = randomUUID();
      await repo.transaction(async (tx) => {
        await repo.create(tx, {
          id,
          creatorId: user.id,
          beatId: beat.id,
          beatTitle: beat.title,
          title: body.title,
          description: body.description,
          startDate: start,
          endDate: end,
          prizeCredits: body.prize_credits,
          entryFeeCredits: body.entry_fee_credits,
          fundedBy: body.funded_by,
        });
        if (body.prize_credits <= 0) return;
        if (body.funded_by === 'platform') {
          await repo.moveEscrow(tx, {
            challengeId: id,
            kind: 'platform_deposit',
            amount: body.prize_credits,
            userId: null,
            key: `challenge:${id}:platform-prize`,
          });
          return;
        }
        await payIn(tx, {
          challengeId: id,
          kind: 'prize_deposit',
          userId: user.id,
          amount: body.prize_credits,
          description: `Challenge prize held in escrow: ${body.title}`,
          key: `challenge:${id}:prize`,
        });
      });
      try {
        await deps.scheduleClose(id, end);
      } catch (error) {
        // The minute sweep closes it anyway; the challenge exists and its escrow is right.
        deps.log.error({ err: error, challengeId: id }, 'scheduling the challenge close failed');
      }
      return (await detail(user, id)).challenge;
    },

    /**
     * POST /api/challenges/{id}/entries: while active, once per member, with one of the caller's
     * own recordings over the challenge's beat; the entry fee is debited in the same transaction.
     */
    async enter(user: UserRecord, id: string, body: EnterChallengeBody): Promise<ChallengeDetail> {
      const eventId = await repo.transaction(async (tx) => {
        // The entrant's row first, then the challenge's: the lock order account deletion takes.
        if (!(await repo.lockUsers(tx, [user.id])).has(user.id)) throw unauthorized();
        const c = await repo.lock(tx, id);
        if (!c) throw notFound(CHALLENGE_TEXTS.NOT_FOUND);
        // The creator would be judged in a contest they set up, and could win their own prize back.
        if (c.creator_id === user.id) throw forbidden(CHALLENGE_TEXTS.OWN_CHALLENGE_ENTRY);
        const at = now();
        if (at < c.start_date) throw conflict(CHALLENGE_TEXTS.NOT_STARTED);
        if (c.closed_at || at >= c.end_date) throw conflict(CHALLENGE_TEXTS.ENDED);
        if (await repo.entryOfUser(tx, id, user.id)) throw conflict(CHALLENGE_TEXTS.ALREADY_ENTERED);
        const recording = await repo.ownRecording(tx, body.recording_id, user.id);
        if (!recording) throw notFound(RECORDING_NOT_FOUND);
        if (!c.beat_id || recording.beatId !== c.beat_id) throw badRequest(CHALLENGE_TEXTS.WRONG_BEAT);
        const entry = await repo.createEntry(tx, {
          challengeId: id,
          userId: user.id,
          recordingId: recording.id,
        });
        if (c.entry_fee_credits > 0) {
          await payIn(tx, {
            challengeId: id,
            kind: 'entry_fee',
            userId: user.id,
            amount: c.entry_fee_credits,
            description: `Challenge entry fee: ${c.title}`,
            key: `challenge:${id}:fee:${user.id}`,
          });
        }
        return events.record(tx, {
          type: 'challenge.entered',
          challengeId: id,
          title: c.title,
          userId: user.id,
          entryId: entry.id,
        });
      });
      await events.deliver([eventId]);
      return detail(user, id);
    },

    /**
     * POST /api/challenges/{id}/votes: one vote per member per challenge while it is active, never
     * for one's own entry. Under a shared lock of the challenge row, so a close (which takes it
     * exclusively) counts every vote that was accepted and none after.
     */
    async vote(user: UserRecord, id: string, body: VoteBody): Promise<ChallengeDetail> {
      await repo.transaction(async (tx) => {
        if (!(await repo.lockUsers(tx, [user.id])).has(user.id)) throw unauthorized();
        const c = await repo.lock(tx, id, 'share');
        if (!c) throw notFound(CHALLENGE_TEXTS.NOT_FOUND);
        const at = now();
        if (c.closed_at || at >= c.end_date) throw conflict(CHALLENGE_TEXTS.VOTING_ENDED);
        if (at < c.start_date) throw conflict(CHALLENGE_TEXTS.NOT_STARTED);
        const entry = await repo.entry(id, body.entry_id, tx);
        if (!entry) throw notFound(CHALLENGE_TEXTS.ENTRY_NOT_FOUND);
        if (entry.userId === user.id) throw forbidden(CHALLENGE_TEXTS.OWN_ENTRY_VOTE);
        if (!(await repo.vote(tx, { challengeId: id, voterId: user.id, entryId: entry.id }))) {
          throw conflict(CHALLENGE_TEXTS.ALREADY_VOTED);
        }
      });
      return detail(user, id);
    },

    /** GET /api/challenges/{id}/entries/{entryId}/audio: an entry plays for anyone. */
    async entryAudio(id: string, entryId: string, request: FileRequest): Promise<FileAnswer> {
      const entry = await repo.entry(id, entryId);
      if (!entry?.recording) return { status: 404, error: CHALLENGE_TEXTS.ENTRY_NOT_FOUND };
      const answer = await deps.files.readPrivate(entry.recording.fileKey, request);
      return answer.status === 404 ? { status: 404, error: CHALLENGE_TEXTS.ENTRY_NOT_FOUND } : answer;
    },

    now,
  };
}

export type ChallengesService = ReturnType<typeof createChallengesService>;
