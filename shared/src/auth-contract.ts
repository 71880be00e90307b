import { z } from 'zod';
import { ACCOUNT_ROLES } from './permissions';
import { text } from './text-fields';

/** Every failure the API answers has this body (docs/domain.md#errors). */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** GET /api/users/me and POST /api/sessions answer the signed-in user in this shape. */
export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
  isAdmin: z.boolean(),
  isOwner: z.boolean(),
  role: z.enum(ACCOUNT_ROLES),
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * Where a visitor goes back to after signing in: a path on this site, never an address. It
 * starts with one "/" (not "//" or "/\\", which a browser reads as another host), holds no
 * spaces, control characters or backslashes, and is not the sign-in callback itself or the API.
 * The server keeps it with the sign-in attempt, so it survives the identity provider's round trip.
 */
export const ReturnPath = z
  .string()
  .max(512, 'return_to is too long')
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'return_to must be a path on this site')
  .refine((path) => !/\p{Cc}/u.test(path), 'return_to must be a path on this site')
  .refine((path) => !/^\/(auth\/callback|api)(?=[/?#]|$)/i.test(path), 'return_to must be a page of the app');
export type ReturnPath = z.infer<typeof ReturnPath>;

/** The return path if `value` is a valid one, else null (what is read back is checked again). */
export function toReturnPath(value: unknown): ReturnPath | null {
  const parsed = ReturnPath.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** GET /api/oauth/google/redirect_url */
export const RedirectUrlResponse = z.object({ redirectUrl: z.string().url() });
export type RedirectUrlResponse = z.infer<typeof RedirectUrlResponse>;

/** POST /api/sessions: the code and state the issuer sent back to /auth/callback. */
export const CreateSessionBody = z.object({
  code: text().trim().min(1, 'code is required').max(2048),
  state: text().trim().min(1, 'state is required').max(512),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;

/**
 * A base64url SHA-256 (43 characters, no padding), as RFC 7636's S256 code challenge. The desktop
 * app sends sha256(verifier) when it starts a sign-in and the verifier itself when it collects
 * the session, so only the app that started the sign-in can finish it.
 */
export const DesktopChallenge = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url SHA-256 (43 characters)');

/**
 * RFC 7636 §4.1 code verifier: 43 to 128 unreserved characters. The app makes 32 random bytes,
 * base64url-encoded (43 characters).
 */
export const DesktopVerifier = z
  .string()
  .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');

/**
 * GET /api/oauth/google/redirect_url query. With `desktop_challenge` the sign-in belongs to the
 * desktop app: no browser cookie binds it (the verifier does), and completing it in the browser
 * yields a one-time handoff code instead of a session.
 */
export const RedirectUrlQuery = z.object({
  desktop_challenge: DesktopChallenge.optional(),
  /** The page to come back to (ReturnPath); an address on another site is refused with 400. */
  return_to: ReturnPath.optional(),
});
export type RedirectUrlQuery = z.infer<typeof RedirectUrlQuery>;

/** How long a desktop handoff code may wait for the app to collect it. */
export const DESKTOP_HANDOFF_TTL_MS = 2 * 60_000;

/**
 * POST /api/sessions answers this instead of the user when the sign-in was started by the
 * desktop app: a one-time code (valid DESKTOP_HANDOFF_TTL_MS) that the web page passes to the
 * app through a `beatroom://` link. No session cookie is set.
 */
export const DesktopHandoffResponse = z.object({ desktopHandoff: z.string().min(1) });
export type DesktopHandoffResponse = z.infer<typeof DesktopHandoffResponse>;

/**
 * POST /api/sessions, signed in: the user, and the page the sign-in started from (returnTo) when
 * it named one.
 */
export const SignedInResponse = SessionUser.extend({ returnTo: ReturnPath.optional() });
export type SignedInResponse = z.infer<typeof SignedInResponse>;

/** POST /api/sessions: the signed-in user (browser sign-in) or a desktop handoff code. */
export const CreateSessionResponse = z.union([SignedInResponse, DesktopHandoffResponse]);
export type CreateSessionResponse = z.infer<typeof CreateSessionResponse>;

export function isDesktopHandoff(response: CreateSessionResponse): response is DesktopHandoffResponse {
  return 'desktopHandoff' in response;
}

/** POST /api/sessions/desktop: the handoff code from the deep link plus the app's verifier. */
export const CreateDesktopSessionBody = z.object({
  handoff: text().trim().min(1, 'handoff is required').max(200),
  verifier: DesktopVerifier,
});
export type CreateDesktopSessionBody = z.infer<typeof CreateDesktopSessionBody>;

/**
 * POST /api/sessions/desktop answers the session token, which the app keeps encrypted and sends
 * as `Authorization: Bearer`, plus the user it belongs to.
 */
export const DesktopSessionResponse = z.object({ token: z.string().min(1), user: SessionUser });
export type DesktopSessionResponse = z.infer<typeof DesktopSessionResponse>;

/** GET /api/logout */
export const LogoutResponse = z.object({ ok: z.literal(true) });

/** GET /api/health and GET /api/ready */
export const HealthResponse = z.object({ status: z.enum(['ok', 'unavailable']) });
export type HealthResponse = z.infer<typeof HealthResponse>;
