import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** How long a download URL works (the issue: "expires within 5 minutes"). */
export const DOWNLOAD_URL_TTL_MS = 5 * 60_000;

/** What a signed download URL grants: one user may fetch one stored file, under a name, until then. */
export interface DownloadGrant {
  userId: string;
  key: string;
  filename: string;
  /** Epoch milliseconds after which the URL no longer works. */
  expiresAt: number;
}

export type DownloadTokenFailure = 'malformed' | 'altered' | 'expired' | 'wrong_user';

/** Why a token was refused; the route answers all of them with the same 403. */
export class DownloadTokenError extends Error {
  constructor(readonly reason: DownloadTokenFailure) {
    super(`Download link refused: ${reason}`);
  }
}

const Payload = z.object({ u: z.string(), k: z.string(), f: z.string(), e: z.number().int() });

/**
 * Signs and checks download tokens: base64url(JSON payload) "." base64url(HMAC-SHA256). The
 * HMAC key is derived from the session secret with a fixed label, so a token can never be
 * replayed as anything else signed with that secret. The token binds the user: a link passed on
 * to someone else fails for them, and the key: a master is only reachable through a grant.
 */
export function createDownloadSigner(secret: string, now: () => number = Date.now) {
  const macKey = createHmac('sha256', secret).update('beatroom:download-url:v1').digest();
  const mac = (payload: string) => createHmac('sha256', macKey).update(payload).digest();

  return {
    sign(
      grant: Omit<DownloadGrant, 'expiresAt'>,
      ttlMs = DOWNLOAD_URL_TTL_MS,
    ): { token: string; expiresAt: number } {
      const expiresAt = now() + ttlMs;
      const payload = Buffer.from(
        JSON.stringify({ u: grant.userId, k: grant.key, f: grant.filename, e: expiresAt }),
      ).toString('base64url');
      return { token: `${payload}.${mac(payload).toString('base64url')}`, expiresAt };
    },

    /** The grant inside a token, when it is intact, unexpired and `userId`'s; else DownloadTokenError. */
    verify(token: string, userId: string): DownloadGrant {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) throw new DownloadTokenError('malformed');
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      // Constant time, so the signature cannot be guessed byte by byte from response times.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new DownloadTokenError('altered');
      }
      let parsed;
      try {
        parsed = Payload.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch {
        throw new DownloadTokenError('malformed');
      }
      if (now() >= parsed.e) throw new DownloadTokenError('expired');
      if (parsed.u !== userId) throw new DownloadTokenError('wrong_user');
      return { userId: parsed.u, key: parsed.k, filename: parsed.f, expiresAt: parsed.e };
    },
  };
}

export type DownloadSigner = ReturnType<typeof createDownloadSigner>;
