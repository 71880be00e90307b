import type { SessionUser } from '@beatroom/shared/auth-contract';
import { avatarUrl } from '@beatroom/shared/file-urls';
import type { Profile } from '@beatroom/shared/community-contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { answerSchema } from '../../lib/answer-checks/answer-checker';
import { apiClient, apiIsSameOrigin, apiUrl, isApiError } from '../../lib/api-client';

// Every page asks who is signed in: checked in the answer-check worker.
const SessionUserSchema = answerSchema('auth-contract', 'SessionUser');

export const sessionKeys = {
  me: ['session', 'me'] as const,
};

/** The failure wording: failures name the HTTP status; anything else (network, bad body) its message. */
export function describeFailure(error: unknown): string {
  if (isApiError(error)) return `API responded with HTTP status ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The page-readable cookie the server sets beside its httpOnly session cookie (and clears with
 * it). Without it the web page has no session to ask about.
 */
const SIGNED_IN_HINT = /(?:^|;\s*)beatroom_signed_in=1(?:;|$)/;

/** On the web, whether a session cookie may be there at all (the desktop app always asks). */
function maybeSignedIn(): boolean {
  return !apiIsSameOrigin() || SIGNED_IN_HINT.test(document.cookie);
}

/**
 * GET /api/users/me. Signed out (401) is an answer, not a failure: it resolves to null. Other
 * failures are logged and also resolve to null, so the pending state always ends.
 * A web page without the signed-in hint is signed out without asking: a visitor's every page
 * would otherwise log the 401 as a console error.
 */
async function fetchCurrentUser({ signal }: { signal: AbortSignal }): Promise<SessionUser | null> {
  if (!maybeSignedIn()) return null;
  try {
    return await apiClient.get('/api/users/me', { schema: SessionUserSchema, signal });
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
    // The session changes only through sign-in, sign-out and one's own profile edits, which
    // update this query themselves.
    staleTime: 5 * 60_000,
  });
}

/**
 * After the signed-in user saved their profile: the header and the user menu show the new
 * display name and picture at once (they read this query, not the profile), without asking
 * the server again.
 */
export function applyOwnProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData<SessionUser | null>(sessionKeys.me, (user) => {
    if (!user || user.id !== profile.user_id) return user;
    const picture = avatarUrl(profile.profile_image_key, user.picture);
    return {
      ...user,
      name: profile.display_name ?? user.name,
      // An uploaded picture is served by our API (the desktop app's server, not the page's).
      picture: profile.profile_image_key && picture ? apiUrl(picture) : user.picture,
    };
  });
}

/**
 * POST /api/logout ends the server-side session and clears the cookie. POST, not the documented
 * GET: the server refuses a GET that another site made (a link or an image signing people out).
 */
export async function endSession(): Promise<void> {
  await apiClient.post('/api/logout');
}
