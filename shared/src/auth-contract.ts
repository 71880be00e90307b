import { z } from 'zod';
import { ACCOUNT_ROLES } from './permissions';

/** Every failure the API answers has this body (conventions.md, "Errors"). */
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

/** GET /api/oauth/google/redirect_url */
export const RedirectUrlResponse = z.object({ redirectUrl: z.string().url() });
export type RedirectUrlResponse = z.infer<typeof RedirectUrlResponse>;

/** POST /api/sessions: the code and state the issuer sent back to /auth/callback. */
export const CreateSessionBody = z.object({
  code: z.string().trim().min(1, 'code is required').max(2048),
  state: z.string().trim().min(1, 'state is required').max(512),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;

/** GET /api/logout */
export const LogoutResponse = z.object({ ok: z.literal(true) });

/** GET /api/health and GET /api/ready */
export const HealthResponse = z.object({ status: z.enum(['ok', 'unavailable']) });
export type HealthResponse = z.infer<typeof HealthResponse>;
