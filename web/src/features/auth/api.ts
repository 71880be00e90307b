import {
  CreateSessionResponse,
  RedirectUrlResponse,
  SessionUser,
  type CreateSessionBody,
} from '@beatroom/shared/auth-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../lib/api-client';

export const sessionKeys = {
  me: ['session', 'me'] as const,
};

/** The §8 wording: failures name the HTTP status; anything else (network, bad body) its message. */
export function describeFailure(error: unknown): string {
  if (isApiError(error)) return `API responded with HTTP status ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * GET /api/users/me. Signed out (401) is an answer, not a failure: it resolves to null. Other
 * failures are logged and also resolve to null, so the pending state always ends (platform.md §4).
 */
async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<SessionUser | null> {
  try {
    return await apiClient.get('/api/users/me', { schema: SessionUser, signal });
  } catch (error) {
    // Cancelled on purpose (a newer fetch replaces this one): not a failure, nothing to log.
    if (signal.aborted) throw error;
    if (isApiError(error, 401)) return null;
    console.error(`Failed to fetch user: ${describeFailure(error)}`);
    return null;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.me,
    queryFn: fetchCurrentUser,
    // The session changes only through sign-in and sign-out, which update this query themselves.
    staleTime: 5 * 60_000,
  });
}

/** GET /api/oauth/google/redirect_url: where the browser goes to sign in. */
export async function fetchLoginRedirectUrl(): Promise<string> {
  const { redirectUrl } = await apiClient.get('/api/oauth/google/redirect_url', {
    schema: RedirectUrlResponse,
  });
  return redirectUrl;
}

/**
 * POST /api/sessions: trades the single-use code from the identity provider for a session
 * cookie (answering the user), or, when the desktop app started the sign-in, for a one-time
 * handoff code the page passes on to the app.
 */
export async function createSession(body: CreateSessionBody): Promise<CreateSessionResponse> {
  return apiClient.post('/api/sessions', { body, schema: CreateSessionResponse });
}

/** GET /api/logout ends the server-side session and clears the cookie. */
export async function endSession(): Promise<void> {
  await apiClient.get('/api/logout');
}
