import { createHash, randomBytes as nodeRandomBytes } from 'node:crypto';
import {
  DesktopSessionResponse,
  ErrorBody,
  RedirectUrlResponse,
  SessionUser,
  toReturnPath,
} from '@beatroom/shared/auth-contract';
import type { DesktopAuthStatus } from '@beatroom/shared/ipc-auth-contract';
import type { DeepLink } from '../deep-link';
import { UserFacingError } from '../ipc/ipc-registry';
import type { TokenStore } from './token-store';

/** As long as the server keeps a sign-in attempt (auth.service LOGIN_ATTEMPT_TTL_MS). */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60_000;

export const SERVER_UNREACHABLE = 'Could not reach the Beatroom server. Check your connection and try again.';
export const NO_PENDING_SIGN_IN =
  'This sign-in link was not started from this app, or it expired. Please sign in again from the app.';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The identity provider's page: https, or the local issuer on loopback in development. */
function isSignInPage(url: string): boolean {
  const parsed = new URL(url);
  if (parsed.username || parsed.password) return false;
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname));
}

async function errorText(response: Response): Promise<string> {
  try {
    const body = ErrorBody.safeParse(await response.json());
    if (body.success) return body.data.error;
  } catch {
    // Not JSON: the status says enough.
  }
  return `The server answered HTTP ${response.status}.`;
}

export interface DesktopAuthDeps {
  serverUrl: string;
  fetch: typeof fetch;
  openExternal: (url: string) => Promise<void>;
  store: TokenStore;
  onChange: (status: DesktopAuthStatus) => void;
  /** Shows a page of the app: where the user was when they started a sign-in that completed. */
  navigate?: (path: string) => void;
  now?: () => number;
  randomBytes?: (size: number) => Buffer;
  log?: { warn: (message: string, error?: unknown) => void };
}

/**
 * The desktop sign-in (RFC 8252 with a PKCE-style binding): the app makes a random verifier and
 * sends only its SHA-256 to the server when it starts; the system browser signs in and is sent
 * back to the app with a one-time handoff code by a beatroom:// link; the app trades code plus
 * verifier for a session token. A link that arrives without a sign-in waiting in this app is
 * refused, so a link from someone else cannot sign the user into another account.
 */
export function createDesktopAuth(deps: DesktopAuthDeps) {
  const now = deps.now ?? Date.now;
  const random = deps.randomBytes ?? nodeRandomBytes;
  let pending: { verifier: string; expiresAt: number; returnTo: string | null } | null = null;
  let error: string | null = null;

  const status = (): DesktopAuthStatus => {
    if (pending && pending.expiresAt <= now()) pending = null;
    return {
      user: deps.store.load()?.user ?? null,
      pending: pending !== null,
      persisted: deps.store.canPersist,
      error,
    };
  };
  /** Tells the renderer; an error is reported once, not again with every later change. */
  const changed = () => {
    const current = status();
    deps.onChange(current);
    error = null;
    return current;
  };

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await deps.fetch(`${deps.serverUrl}${path}`, init);
    } catch (cause) {
      deps.log?.warn(`request to ${path} failed`, cause);
      throw new UserFacingError(SERVER_UNREACHABLE);
    }
  }

  return {
    status,

    token(): string | null {
      return deps.store.load()?.token ?? null;
    },

    /**
     * Opens the sign-in page in the system browser. The deep link finishes the sign-in, and the
     * app then shows `returnTo` (a path inside the app, checked again here), the page the user
     * was on: it stays in main with the verifier, nothing about it rides on the link.
     */
    async signIn(returnTo?: string): Promise<DesktopAuthStatus> {
      const verifier = random(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      error = null;
      const response = await call(`/api/oauth/google/redirect_url?desktop_challenge=${challenge}`, {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new UserFacingError(await errorText(response));
      const { redirectUrl } = RedirectUrlResponse.parse(await response.json());
      if (!isSignInPage(redirectUrl))
        throw new UserFacingError('The server sent an unexpected sign-in address.');
      pending = { verifier, expiresAt: now() + PENDING_SIGN_IN_TTL_MS, returnTo: toReturnPath(returnTo) };
      await deps.openExternal(redirectUrl);
      return changed();
    },

    /** Finishes a sign-in from the deep link; failures are reported through the status. */
    async completeSignIn(link: DeepLink): Promise<DesktopAuthStatus> {
      const waiting = status().pending ? pending : null;
      // Single use: whatever happens next, this verifier is spent.
      pending = null;
      if (!waiting) {
        error = NO_PENDING_SIGN_IN;
        return changed();
      }
      try {
        const response = await call('/api/sessions/desktop', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ handoff: link.handoff, verifier: waiting.verifier }),
        });
        if (!response.ok) {
          error = await errorText(response);
          return changed();
        }
        const session = DesktopSessionResponse.parse(await response.json());
        deps.store.save(session);
        error = null;
      } catch (cause) {
        error = cause instanceof UserFacingError ? cause.message : 'Sign-in failed. Please try again.';
        return changed();
      }
      const current = changed();
      // Signed in: back to the page the sign-in started from.
      if (waiting.returnTo) deps.navigate?.(waiting.returnTo);
      return current;
    },

    /**
     * Asks the server who the token belongs to: a revoked or expired token signs the app out;
     * an unreachable server changes nothing (the app keeps working offline).
     */
    async refresh(): Promise<DesktopAuthStatus> {
      const session = deps.store.load();
      if (!session) return status();
      let response: Response;
      try {
        response = await deps.fetch(`${deps.serverUrl}/api/users/me`, {
          headers: { authorization: `Bearer ${session.token}`, accept: 'application/json' },
        });
      } catch {
        return status();
      }
      if (response.status === 401) {
        deps.store.clear();
        return changed();
      }
      if (response.ok) {
        const user = SessionUser.safeParse(await response.json());
        if (user.success && JSON.stringify(user.data) !== JSON.stringify(session.user)) {
          deps.store.save({ token: session.token, user: user.data });
          return changed();
        }
      }
      return status();
    },

    /**
     * Sign-out order: the local user is cleared first, then the server is told. The token is
     * forgotten everywhere (memory, disk) before the logout call, so a failed call still signs
     * the app out; the server session then simply expires.
     */
    async signOut(): Promise<DesktopAuthStatus> {
      const session = deps.store.load();
      deps.store.clear();
      pending = null;
      error = null;
      const current = changed();
      if (session) {
        try {
          await deps.fetch(`${deps.serverUrl}/api/logout`, {
            headers: { authorization: `Bearer ${session.token}` },
          });
        } catch (cause) {
          deps.log?.warn('logout call failed', cause);
        }
      }
      return current;
    },
  };
}

export type DesktopAuth = ReturnType<typeof createDesktopAuth>;
