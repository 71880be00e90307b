import type { ChallengeEscrow } from './challenge-escrow';
import { rankEntries } from './challenge-responses';
import type { ChallengesDeps } from './challenges.service';

/** Most challenges one run of the closing sweep closes; the next run takes the rest. */
const CLOSE_BATCH = 100;

/** What one closing did; null when there was nothing to do (not due, or closed already). */
export type CloseOutcome =
  | { kind: 'won'; winnerUserId: string; payout: number }
  | { kind: 'refunded'; refunded: number; released: number }
  | null;

/**
 * Closing a challenge: the whole escrow to the winner (most votes, earliest entry on a tie), or
 * back to whoever paid in when nobody entered. The challenge row's lock makes two instances
 * closing at once pay once.
 */
export function createChallengeClosing(
  deps: Pick<ChallengesDeps, 'repo' | 'events' | 'log'> & { escrow: ChallengeEscrow; now: () => Date },
) {
  const { repo, events, now } = deps;
  const { payOut } = deps.escrow;

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
      const ranked = rankEntries(await repo.entries(id, tx)).filter((e) => alive.has(e.userId));
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
        closedAt: at,
        winnerUserId: winner?.userId ?? null,
        winnerEntryId: winner?.id ?? null,
        // Only a challenge with a winner announces one; a refunded one just closes.
        winnerAnnouncedAt: winner ? at : null,
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
    close,

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
  };
}
