import { describe, expect, it } from 'vitest';
import { createDownloadSigner, DOWNLOAD_URL_TTL_MS, DownloadTokenError } from './signed-url';

const secret = 'a-session-secret-of-at-least-32-characters';
const ann = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const grant = {
  userId: ann,
  key: 'audio/3f0c6a55-0a5e-4e55-9d36-6a7f9a9a0c11.wav',
  filename: 'Night Drive.wav',
};

function clock(start = 1_800_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof DownloadTokenError) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('signed download URLs', () => {
  it('round-trips a grant for its own user and expires within 5 minutes', () => {
    const c = clock();
    const signer = createDownloadSigner(secret, c.now);
    const { token, expiresAt } = signer.sign(grant);
    expect(expiresAt - c.now()).toBe(DOWNLOAD_URL_TTL_MS);
    expect(DOWNLOAD_URL_TTL_MS).toBeLessThanOrEqual(5 * 60_000);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(signer.verify(token, ann)).toEqual({ ...grant, expiresAt });
  });

  it('fails once expired', () => {
    const c = clock();
    const signer = createDownloadSigner(secret, c.now);
    const { token } = signer.sign(grant);
    c.advance(DOWNLOAD_URL_TTL_MS - 1);
    expect(reasonOf(() => signer.verify(token, ann))).toBe('accepted');
    c.advance(1);
    expect(reasonOf(() => signer.verify(token, ann))).toBe('expired');
  });

  it('fails for another user', () => {
    const signer = createDownloadSigner(secret);
    const { token } = signer.sign(grant);
    expect(reasonOf(() => signer.verify(token, bob))).toBe('wrong_user');
  });

  it('fails when any part is altered: another key, a later expiry, a flipped signature byte', () => {
    const c = clock();
    const signer = createDownloadSigner(secret, c.now);
    const { token } = signer.sign(grant);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forge = (changes: object) =>
      `${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${signature}`;

    expect(reasonOf(() => signer.verify(forge({ k: 'audio/other.wav' }), ann))).toBe('altered');
    expect(reasonOf(() => signer.verify(forge({ e: claims.e + 3600_000 }), ann))).toBe('altered');
    expect(reasonOf(() => signer.verify(forge({ u: bob }), bob))).toBe('altered');
    const bytes = Buffer.from(signature, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    expect(reasonOf(() => signer.verify(`${payload}.${bytes.toString('base64url')}`, ann))).toBe('altered');
    expect(reasonOf(() => signer.verify(`${payload}.${signature.slice(0, 10)}`, ann))).toBe('altered');
  });

  it('refuses tokens signed with another secret and tokens that are not tokens', () => {
    const mine = createDownloadSigner(secret);
    const theirs = createDownloadSigner('another-secret-of-at-least-32-characters!');
    expect(reasonOf(() => mine.verify(theirs.sign(grant).token, ann))).toBe('altered');
    for (const junk of ['', 'abc', 'a.b.c', '.', `${mine.sign(grant).token}.x`]) {
      expect(['malformed', 'altered']).toContain(reasonOf(() => mine.verify(junk, ann)));
    }
  });
});
