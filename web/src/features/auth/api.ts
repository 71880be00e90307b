import {
  CreateSessionResponse,
  RedirectUrlResponse,
  type CreateSessionBody,
} from '@beatroom/shared/auth-contract';
import { apiClient } from '../../lib/api-client';

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
