import { createHmac, randomBytes } from 'node:crypto';
import type { SessionUser } from '@beatroom/shared/auth-contract';
import { isAdminUser, isOwnerUser } from '@beatroom/shared/permissions';
import { badRequest } from '../../plugins/errors';
import type { UserRecord, UsersRepository } from '../users/users.repository';
import type { AuthRepository } from './auth.repository';
import type { OidcProvider } from './oidc';

/** How long a session lives without use, and at most. */
export const SESSION_IDLE_MS = 14 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 3600_000;
/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60_000;
const LOGIN_ATTEMPT_TTL_MS = 10 * 60_000;

export const SIGN_IN_EXPIRED = 'This sign-in has expired or was already used. Please sign in again.';
export const SIGN_IN_REJECTED =
  'Sign-in failed: the identity provider did not accept the code. Please sign in again.';

export function toSessionUser(user: UserRecord, adminEmail: string): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    picture: user.picture,
    isAdmin: isAdminUser(user, adminEmail),
    isOwner: isOwnerUser(user),
    role: user.role,
  };
}

export function createAuthService(deps: {
  repo: AuthRepository;
  users: UsersRepository;
  oidc: OidcProvider;
  sessionSecret: string;
  log?: { warn: (obj: object, msg: string) => void };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  // Keyed hashing: a copy of the sessions table alone cannot be used to check guessed tokens.
  const hashToken = (token: string) => createHmac('sha256', deps.sessionSecret).update(token).digest('hex');

  return {
    hashToken,

    async beginSignIn(loginHint?: string) {
      const request = await deps.oidc.authorizationRequest(loginHint);
      await deps.repo.saveLoginAttempt(
        { state: request.state, nonce: request.nonce, codeVerifier: request.codeVerifier },
        new Date(now().getTime() - LOGIN_ATTEMPT_TTL_MS),
      );
      return { redirectUrl: request.url, state: request.state };
    },

    /** Turns the code the issuer sent back into a session; any mismatch is a 400 and no session. */
    async completeSignIn(params: { code: string; state: string }, userAgent: string | null) {
      const attempt = await deps.repo.takeLoginAttempt(params.state);
      if (!attempt || attempt.createdAt.getTime() < now().getTime() - LOGIN_ATTEMPT_TTL_MS) {
        throw badRequest(SIGN_IN_EXPIRED);
      }
      let identity;
      try {
        identity = await deps.oidc.exchange(params, attempt);
      } catch (error) {
        deps.log?.warn({ err: error }, 'code exchange failed');
        throw badRequest(SIGN_IN_REJECTED);
      }
      const user = await deps.users.upsertFromIdentity(identity);
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await deps.repo.createSession({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      return { token, user };
    },

    /** The user behind a token, or null when it is unknown, expired or idle too long. */
    async resolveSession(token: string): Promise<UserRecord | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = hashToken(token);
      const session = await deps.repo.findSession(tokenHash);
      if (!session) return null;
      const at = now().getTime();
      if (session.expiresAt.getTime() <= at || session.lastSeenAt.getTime() + SESSION_IDLE_MS <= at) {
        await deps.repo.deleteSession(tokenHash);
        return null;
      }
      if (at - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
        await deps.repo.touchSession(session.id, new Date(at));
      return session.user;
    },

    async endSession(token: string) {
      await deps.repo.deleteSession(hashToken(token));
    },

    async sweepExpired() {
      const at = now();
      await deps.repo.deleteExpiredSessions(at, new Date(at.getTime() - SESSION_IDLE_MS));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
