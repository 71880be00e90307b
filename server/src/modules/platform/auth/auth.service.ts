import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DESKTOP_HANDOFF_TTL_MS, toReturnPath, type SessionUser } from '@beatroom/shared/auth-contract';
import { avatarUrl } from '@beatroom/shared/files-contract';
import { isAdminUser, isOwnerUser } from '@beatroom/shared/permissions';
import { badRequest } from '../../../http/http-errors';
import type { DomainEvents } from '../../../events/domain-events';
import type { UserRecord } from '../users/user-record';
import type { UsersService } from '../users/users.service';
import type { AuthRepository } from './auth.repository';
import type { OidcProvider } from './oidc';

/** How long a session lives without use, and at most. */
export const SESSION_IDLE_MS = 14 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 3600_000;
/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60_000;
const LOGIN_ATTEMPT_TTL_MS = 10 * 60_000;

export const SIGN_IN_EXPIRED = 'This sign-in has expired or was already used. Please sign in again.';
export const DESKTOP_SIGN_IN_MISMATCH =
  'This sign-in was started by another copy of the app. Please sign in again from the app.';
export const SIGN_IN_REJECTED =
  'Sign-in failed: the identity provider did not accept the code. Please sign in again.';

/** RFC 7636's S256: base64url(sha256(verifier)), the challenge a desktop sign-in carries. */
export function desktopChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Who is calling: resolved once per request from the cookie or Bearer token. The keyed token
 * hash comes along so nothing downstream (the WebSocket hub) hashes the token again.
 */
export interface SignedInSession {
  user: UserRecord;
  tokenHash: string;
}

/**
 * The signed-in user as the apps show them. The profile's display name and uploaded picture win
 * over the issuer's (Google's) name and picture, so an edited profile shows in the header after
 * a reload too, not only until the next `/api/users/me`.
 */
export function toSessionUser(
  user: UserRecord,
  adminEmail: string,
  face?: { displayName: string | null; profileImageKey: string | null } | null,
): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: face?.displayName ?? user.name,
    picture: avatarUrl(face?.profileImageKey, user.picture),
    isAdmin: isAdminUser(user, adminEmail),
    isOwner: isOwnerUser(user),
    role: user.role,
  };
}

export function createAuthService(deps: {
  repo: AuthRepository;
  users: Pick<UsersService, 'findById' | 'upsertFromIdentity'>;
  oidc: OidcProvider;
  sessionSecret: string;
  /** Told when a session ends, so realtime can close its sockets (on every instance). */
  events?: Pick<DomainEvents, 'emit'>;
  log?: { warn: (obj: object, msg: string) => void };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  // Keyed hashing: a copy of the sessions table alone cannot be used to check guessed tokens.
  const hashToken = (token: string) => createHmac('sha256', deps.sessionSecret).update(token).digest('hex');

  async function createSession(user: UserRecord, userAgent: string | null) {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await deps.repo.createSession({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    return { token, user };
  }

  async function ended(tokenHash: string, userId: string, reason: 'logout' | 'expired') {
    await deps.events?.emit({ type: 'session.ended', tokenHash, userId, reason });
  }

  return {
    hashToken,

    /**
     * Starts a sign-in. A desktop sign-in carries the app's challenge; it is bound to the app by
     * that challenge instead of a browser cookie. `returnTo`, a path on this site the route has
     * already validated, is kept with the attempt: the page the visitor signed in from.
     */
    async beginSignIn(options: { loginHint?: string; desktopChallenge?: string; returnTo?: string } = {}) {
      const request = await deps.oidc.authorizationRequest(options.loginHint);
      await deps.repo.saveLoginAttempt(
        {
          state: request.state,
          nonce: request.nonce,
          codeVerifier: request.codeVerifier,
          desktopChallenge: options.desktopChallenge ?? null,
          returnTo: toReturnPath(options.returnTo),
        },
        new Date(now().getTime() - LOGIN_ATTEMPT_TTL_MS),
      );
      return { redirectUrl: request.url, state: request.state };
    },

    /**
     * Turns the code the issuer sent back into a session, or for a desktop sign-in into a
     * one-time handoff code; any mismatch is a 400 and nothing is created. `boundState` is the
     * state the browser's login cookie holds: a browser sign-in must come back to the browser
     * that started it (login CSRF), a desktop one is checked by its verifier later instead.
     */
    async completeSignIn(
      params: { code: string; state: string },
      userAgent: string | null,
      boundState: string | undefined,
    ): Promise<
      | { kind: 'session'; token: string; user: UserRecord; returnTo: string | null }
      | { kind: 'desktop'; handoff: string }
    > {
      // Taken (deleted) before any other check: a state is spent by its first use, right or wrong.
      const attempt = await deps.repo.takeLoginAttempt(params.state);
      if (!attempt || attempt.createdAt.getTime() < now().getTime() - LOGIN_ATTEMPT_TTL_MS) {
        throw badRequest(SIGN_IN_EXPIRED);
      }
      if (!attempt.desktopChallenge && boundState !== params.state) throw badRequest(SIGN_IN_EXPIRED);
      let identity;
      try {
        identity = await deps.oidc.exchange(params, attempt);
      } catch (error) {
        deps.log?.warn({ err: error }, 'code exchange failed');
        throw badRequest(SIGN_IN_REJECTED);
      }
      const user = await deps.users.upsertFromIdentity(identity);
      if (attempt.desktopChallenge) {
        const handoff = randomBytes(32).toString('base64url');
        const at = now();
        await deps.repo.saveDesktopHandoff(
          {
            codeHash: hashToken(handoff),
            userId: user.id,
            challenge: attempt.desktopChallenge,
            expiresAt: new Date(at.getTime() + DESKTOP_HANDOFF_TTL_MS),
          },
          at,
        );
        return { kind: 'desktop', handoff };
      }
      // Checked again on the way out: only a path on this site ever leaves here.
      const returnTo = toReturnPath(attempt.returnTo);
      return { kind: 'session', ...(await createSession(user, userAgent)), returnTo };
    },

    /**
     * The app collects its session: the handoff must exist, be unexpired and unused, and the
     * verifier must hash to the challenge the sign-in started with. The handoff is spent by the
     * first attempt, so a wrong verifier cannot be retried against it.
     */
    async redeemDesktopHandoff(params: { handoff: string; verifier: string }, userAgent: string | null) {
      const row = await deps.repo.takeDesktopHandoff(hashToken(params.handoff));
      if (!row || row.expiresAt.getTime() <= now().getTime()) throw badRequest(SIGN_IN_EXPIRED);
      if (!sameText(desktopChallengeOf(params.verifier), row.challenge)) {
        throw badRequest(DESKTOP_SIGN_IN_MISMATCH);
      }
      const user = await deps.users.findById(row.userId);
      if (!user) throw badRequest(SIGN_IN_EXPIRED);
      return createSession(user, userAgent);
    },

    /** The session behind a token, or null when it is unknown, expired or idle too long. */
    async resolveSession(token: string): Promise<SignedInSession | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = hashToken(token);
      const session = await deps.repo.findSession(tokenHash);
      if (!session) return null;
      const at = now().getTime();
      if (session.expiresAt.getTime() <= at || session.lastSeenAt.getTime() + SESSION_IDLE_MS <= at) {
        const deleted = await deps.repo.deleteSession(tokenHash);
        if (deleted) await ended(tokenHash, deleted.userId, 'expired');
        return null;
      }
      if (at - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
        await deps.repo.touchSession(session.id, new Date(at));
      return { user: session.user, tokenHash };
    },

    /** Signs out the request's session (by its hash): deleted, and its open sockets closed. */
    async endSession(tokenHash: string) {
      const deleted = await deps.repo.deleteSession(tokenHash);
      if (deleted) await ended(tokenHash, deleted.userId, 'logout');
    },

    async sweepExpired() {
      const at = now();
      const sessions = await deps.repo.deleteExpiredSessions(at, new Date(at.getTime() - SESSION_IDLE_MS));
      for (const { tokenHash, userId } of sessions) await ended(tokenHash, userId, 'expired');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
