import type { PrismaClient } from '../../generated/prisma/client';

/** Sessions and sign-ins in flight. Tokens arrive here already hashed. */
export function createAuthRepository(prisma: PrismaClient) {
  return {
    async saveLoginAttempt(
      attempt: { state: string; codeVerifier: string; nonce: string; desktopChallenge?: string | null },
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
          user: {
            select: {
              id: true,
              email: true,
              name: true,
              picture: true,
              isAdmin: true,
              isOwner: true,
              role: true,
            },
          },
        },
      });
    },

    async touchSession(id: string, at: Date) {
      await prisma.session.updateMany({ where: { id }, data: { lastSeenAt: at } });
    },

    async deleteSession(tokenHash: string) {
      await prisma.session.deleteMany({ where: { tokenHash } });
    },

    async deleteExpiredSessions(now: Date, idleBefore: Date) {
      await prisma.session.deleteMany({
        where: { OR: [{ expiresAt: { lt: now } }, { lastSeenAt: { lt: idleBefore } }] },
      });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
