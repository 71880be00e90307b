import { randomUUID } from 'node:crypto';
import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import type { ChallengeListQuery, CreateChallengeBody } from '@beatroom/shared/challenges-contract';
import {
  CHALLENGE_LIMITS,
  CHALLENGE_TEXTS,
  challengeEntryAudioUrl,
  type Challenge,
  type ChallengeDetail,
  type ChallengeEntry,
  type ChallengeListResponse,
  type EnterChallengeBody,
  type EscrowKind,
  type VoteBody,
} from '@beatroom/shared/challenges-contract';
import { avatarUrl } from '@beatroom/shared/files-contract';
import { displayName } from '@beatroom/shared/format-names';
import { RECORDING_NOT_FOUND } from '@beatroom/shared/recordings-contract';
import type { z } from 'zod';
import type { Tx } from '../../../db/transaction';
import type { DurableEvent } from '../../../events/domain-events';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../../http/http-errors';
import type { FileAnswer, FileRequest } from '../../catalogue/files/files.service';
import type { UserRecord } from '../../platform/users/user-record';
import type { ChallengeRow, ChallengesRepository, EntryRow } from './challenges.repository';

const DAY_MS = 86_400_000;
/** Most challenges one run of the closing sweep closes; the next run takes the rest. */
const CLOSE_BATCH = 100;
const FORMER_MEMBER = 'Former member';

type Person = {
  id: string;
  name: string | null;
  picture: string | null;
  profile: { displayName: string | null; profileImageKey: string | null } | null;
};
const nameOf = (p: Person) => displayName(p.profile?.displayName ?? p.name, p.id);

/** A member's credits moving into or out of a challenge's escrow, in one ledger entry and one escrow row. */
type CreditMovement<K extends EscrowKind> = {
  challengeId: string;
  kind: K;
  userId: string;
  amount: number;
  description: string;
  /** Shared by the ledger entry and the escrow row: a retry moves nothing twice. */
  key: string;
};

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

/** What one closing did; null when there was nothing to do (not due, or closed already). */
export type CloseOutcome =
  | { kind: 'won'; winnerUserId: string; payout: number }
  | { kind: 'refunded'; refunded: number; released: number }
  | null;

/**
 * Beat challenges. Every credit movement goes through
 * the credits ledger inside the transaction that causes it, keyed so it happens once, and is
 * mirrored in the challenge's escrow movements: the prize leaves the creator when the challenge
 * is made, an entry fee leaves the entrant with the entry, and closing pays the whole escrow to
 * the winner (most votes, earliest entry on a tie) or back to whoever paid in. The challenge
 * row's lock orders entering, voting and closing, so two instances closing at once pay once.
 */
export function createChallengesService(deps: ChallengesDeps) {
  const { repo, credits, events } = deps;
  const now = deps.now ?? (() => new Date());

  function toChallenge(row: ChallengeRow, currentUserEntryId: string | null): Challenge {
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      beat_id: row.beatId,
      beat_title: row.beatTitle,
      beat_cover_image_key: row.beat?.coverImageKey ?? null,
      creator_user_id: row.creatorId,
      creator_name: row.creator ? nameOf(row.creator) : FORMER_MEMBER,
      start_date: row.startDate.toISOString(),
      end_date: row.endDate.toISOString(),
      prize_credits: row.prizeCredits,
      entry_fee_credits: row.entryFeeCredits,
      funded_by: row.fundedBy as Challenge['funded_by'],
      escrow_credits: row.escrowCredits,
      entry_count: row._count.entries,
      current_user_entry_id: currentUserEntryId,
      winner_user_id: row.winnerUserId,
      winner_name: row.winner ? nameOf(row.winner) : null,
      winner_announced_at: row.winnerAnnouncedAt?.toISOString() ?? null,
    };
  }

  function toEntry(challengeId: string, row: EntryRow): ChallengeEntry {
    return {
      id: row.id,
      user_id: row.userId,
      user_name: nameOf(row.user),
      user_avatar: avatarUrl(row.user.profile?.profileImageKey, row.user.picture),
      recording_name: row.recording?.recordingName ?? null,
      audio_url: row.recording ? challengeEntryAudioUrl(challengeId, row.id) : null,
      duration_seconds: row.recording?.durationSeconds ?? null,
      vote_count: row._count.votes,
      created_at: row.createdAt.toISOString(),
    };
  }

  /**
   * A member's credits into the challenge's escrow: the ledger debit (402 when short) and the
   * escrow movement share one idempotency key, inside the caller's transaction.
   */
  async function payIn(tx: Tx, m: CreditMovement<'prize_deposit' | 'entry_fee'>) {
    await credits.spend(tx, { userId: m.userId, amount: m.amount, description: m.description, key: m.key });
    await repo.moveEscrow(tx, {
      challengeId: m.challengeId,
      kind: m.kind,
      amount: m.amount,
      userId: m.userId,
      key: m.key,
    });
  }

  /** Escrow back out to a member's credits (a prize, a refund), mirrored the same way as payIn. */
  async function payOut(tx: Tx, m: CreditMovement<'payout' | 'refund'>) {
    await credits.grant(tx, {
      userId: m.userId,
      amount: m.amount,
      kind: 'earned',
      description: m.description,
      key: m.key,
    });
    await repo.moveEscrow(tx, {
      challengeId: m.challengeId,
      kind: m.kind,
      amount: -m.amount,
      userId: m.userId,
      key: m.key,
    });
  }

  async function detail(viewer: UserRecord | null, id: string): Promise<ChallengeDetail> {
    const row = await repo.find(id);
    if (!row) throw notFound(CHALLENGE_TEXTS.NOT_FOUND);
    const [entries, vote, escrow] = await Promise.all([
      repo.rankedEntries(id),
      viewer ? repo.voteOf(id, viewer.id) : null,
      repo.escrowOf(id),
    ]);
    const own = viewer ? (entries.find((e) => e.userId === viewer.id)?.id ?? null) : null;
    return {
      challenge: toChallenge(row, own),
      entries: entries.map((e) => toEntry(id, e)),
      current_user_vote_entry_id: vote?.entryId ?? null,
      escrow: escrow.map((m) => ({
        kind: m.kind as EscrowKind,
        amount: m.amount,
        user_name: m.user ? nameOf(m.user) : null,
        created_at: m.createdAt.toISOString(),
      })),
      server_time: now().toISOString(),
    };
  }

  /** Closes one challenge if it is due and still open: pays out, or refunds, exactly once. */
  async function close(id: string): Promise<CloseOutcome> {
    const closed = await repo.transaction(async (tx) => {
      // The members' rows before the challenge's (the lock order of all money work): a member
      // deleting their account meanwhile is either done first (their entry withdrawn) or waits.
      const alive = await repo.lockUsers(tx, await repo.memberIds(id, tx));
      const c = await repo.lock(tx, id);
      // Closed already (another instance, a retry) or not over yet (a clock moved back).
      const at = now();
      if (!c || c.closed_at || at < c.end_date) return null;
      const ranked = (await repo.rankedEntries(id, tx)).filter((e) => alive.has(e.userId));
      const winner = ranked[0];
      let outcome: NonNullable<CloseOutcome>;
      if (winner) {
        const payout = c.escrow_credits;
        if (payout > 0) {
          await payOut(tx, {
            challengeId: id,
            kind: 'payout',
            userId: winner.userId,
            amount: payout,
            description: `Challenge prize: ${c.title}`,
            key: `challenge:${id}:payout`,
          });
        }
        outcome = { kind: 'won', winnerUserId: winner.userId, payout };
      } else {
        // Nobody entered: every deposit goes back where it came from (a member's ledger, or the
        // platform for a platform prize or a payer whose account is gone).
        let refunded = 0;
        let released = 0;
        for (const d of await repo.deposits(tx, id)) {
          if (d.userId && alive.has(d.userId)) {
            await payOut(tx, {
              challengeId: id,
              kind: 'refund',
              userId: d.userId,
              amount: d.amount,
              description: `Challenge refund: ${c.title}`,
              key: `challenge:${id}:refund:${d.id}`,
            });
            refunded += d.amount;
          } else {
            const key = `challenge:${id}:release:${d.id}`;
            await repo.moveEscrow(tx, {
              challengeId: id,
              kind: 'release',
              amount: -d.amount,
              userId: null,
              key,
            });
            released += d.amount;
          }
        }
        outcome = { kind: 'refunded', refunded, released };
      }
      await repo.close(tx, id, {
        winnerUserId: winner?.userId ?? null,
        winnerEntryId: winner?.id ?? null,
        at,
      });
      const eventId = await events.record(tx, {
        type: 'challenge.closed',
        challengeId: id,
        title: c.title,
        winnerUserId: winner?.userId ?? null,
        payoutCredits: outcome.kind === 'won' ? outcome.payout : 0,
        entrantIds: ranked.map((e) => e.userId),
      });
      return { outcome, eventId };
    });
    if (!closed) return null;
    await events.deliver([closed.eventId]);
    return closed.outcome;
  }

  return {
    detail,
    close,

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

    /** The closing sweep: every open challenge whose end has passed (on the challenges' clock). */
    async closeDue(): Promise<number> {
      let count = 0;
      for (const id of await repo.dueIds(now(), CLOSE_BATCH)) {
        try {
          if (await close(id)) count += 1;
        } catch (error) {
          deps.log.error({ err: error, challengeId: id }, 'closing a challenge failed');
        }
      }
      return count;
    },

    now,
  };
}

export type ChallengesService = ReturnType<typeof createChallengesService>;
