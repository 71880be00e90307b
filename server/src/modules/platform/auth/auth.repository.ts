import type { PrismaClient } from '../../../generated/prisma/client';
import { userSelect } from '../../../db/user-columns';

/** Expired sessions deleted per statement by the sweep. */
const SWEEP_BATCH = 1000;

/** Sessions and sign-ins in flight. Tokens arrive here already hashed. */
export function createAuthRepository(prisma: PrismaClient) {
  return {
    async saveLoginAttempt(
      attempt: {
        state: string;
        codeVerifier: string;
        nonce: string;
        desktopChallenge?: string | null;
        returnTo?: string | null;
      },
      olderThan: Date,
    ) {
      // Abandoned attempts are swept as new ones arrive, so the table stays small.
      await prisma.loginAttempt.deleteMany({ where: { createdAt: { lt: olderThan } } });
      await prisma.loginAttempt.create({ data: attempt });
    },

    /** Returns and deletes the attempt in one step: a state can be used once. */
    async takeLoginAttempt(state: string) {
      const row = await prisma.loginAttempt.findUnique({ where: { state } });
      if (!row) return null;
      // Of two concurrent takers only the one whose delete removed the row wins.
      const { count } = await prisma.loginAttempt.deleteMany({ where: { state } });
      return count === 1 ? row : null;
    },

    /** A completed desktop sign-in; expired handoffs are swept as new ones arrive. */
    async saveDesktopHandoff(
      handoff: { codeHash: string; userId: string; challenge: string; expiresAt: Date },
      now: Date,
    ) {
      await prisma.desktopHandoff.deleteMany({ where: { expiresAt: { lt: now } } });
      await prisma.desktopHandoff.create({ data: handoff });
    },

    /** Returns and deletes the handoff in one step: a code is redeemed at most once. */
    async takeDesktopHandoff(codeHash: string) {
      const row = await prisma.desktopHandoff.findUnique({ where: { codeHash } });
      if (!row) return null;
      const { count } = await prisma.desktopHandoff.deleteMany({ where: { codeHash } });
      return count === 1 ? row : null;
    },

    createSession(data: { tokenHash: string; userId: string; expiresAt: Date; userAgent: string | null }) {
      return prisma.session.create({ data, select: { id: true } });
    },

    findSession(tokenHash: string) {
      return prisma.session.findUnique({
        where: { tokenHash },
        select: {
          id: true,
          lastSeenAt: true,
          expiresAt: true,
          user: { select: userSelect },
        },
      });
    },

    async touchSession(id: string, at: Date) {
      await prisma.session.updateMany({ where: { id }, data: { lastSeenAt: at } });
    },

    /**
     * Deletes the session and returns whose it was; null when there was none, or when a
     * concurrent delete removed it first (that caller reports the end, not this one).
     */
    async deleteSession(tokenHash: string): Promise<{ userId: string } | null> {
      const row = await prisma.session.findUnique({ where: { tokenHash }, select: { userId: true } });
      if (!row) return null;
      const { count } = await prisma.session.deleteMany({ where: { tokenHash } });
      return count === 1 ? row : null;
    },

    /** Deletes expired and idle sessions, in batches, and returns which ones it deleted. */
    async deleteExpiredSessions(now: Date, idleBefore: Date) {
      const ended: { tokenHash: string; userId: string }[] = [];
      for (;;) {
        const batch = await prisma.session.findMany({
          where: { OR: [{ expiresAt: { lt: now } }, { lastSeenAt: { lt: idleBefore } }] },
          select: { tokenHash: true, userId: true },
          take: SWEEP_BATCH,
        });
        if (!batch.length) break;
        await prisma.session.deleteMany({ where: { tokenHash: { in: batch.map((row) => row.tokenHash) } } });
        ended.push(...batch);
        if (batch.length < SWEEP_BATCH) break;
      }
      return ended;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
