import {
  CreateSessionResponse,
  RedirectUrlResponse,
  toReturnPath,
  type CreateSessionBody,
  type ReturnPath,
} from '@beatroom/shared/auth-contract';
import { apiClient } from '../../lib/api-client';

/**
 * GET /api/oauth/google/redirect_url: where the browser goes to sign in. `returnTo`, the page the
 * visitor signs in from, is kept by the server with the sign-in and handed back after it.
 */
export async function fetchLoginRedirectUrl(returnTo?: ReturnPath | null): Promise<string> {
  const query = returnTo ? `?${new URLSearchParams({ return_to: returnTo })}` : '';
  const { redirectUrl } = await apiClient.get(`/api/oauth/google/redirect_url${query}`, {
    schema: RedirectUrlResponse,
  });
  return redirectUrl;
}

/**
 * The page being shown, as a path to come back to after signing in; null on home (where the
 * callback lands anyway) and wherever the path is not one the server would accept.
 */
export function currentReturnPath(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): ReturnPath | null {
  const path = `${location.pathname}${location.search}${location.hash}`;
  return path === '/' ? null : toReturnPath(path);
}

/**
 * POST /api/sessions: trades the single-use code from the identity provider for a session
 * cookie (answering the user), or, when the desktop app started the sign-in, for a one-time
 * handoff code the page passes on to the app.
 */
export async function createSession(body: CreateSessionBody): Promise<CreateSessionResponse> {
  return apiClient.post('/api/sessions', { body, schema: CreateSessionResponse });
}
