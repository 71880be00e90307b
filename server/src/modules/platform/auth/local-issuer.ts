import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/**
 * A small OpenID Connect provider on loopback for development and tests, used when no Google
 * credentials are configured (never in production). The server talks to it through exactly the
 * same openid-client code as to Google: discovery, authorization code + PKCE, signed ID token.
 *
 * `/authorize` shows a form for an e-mail and a name; with `login_hint=<email>` it skips the
 * form and redirects straight back with a code, which scripts and tests rely on.
 */
export interface LocalIssuer {
  url: string;
  close(): Promise<void>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  email: string;
  name: string;
  expiresAt: number;
}

const CODE_TTL_MS = 60_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function startLocalIssuer(opts: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  port?: number;
}): Promise<LocalIssuer> {
  // An RSA key takes a few hundred milliseconds to make (on libuv's thread pool): start-up does
  // not wait for it; the first request that needs it does.
  const signing = (async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'local-1', alg: 'RS256', use: 'sig' };
    return { jwk, privateKey };
  })();
  // Failures surface where the key is awaited; this only keeps the promise from being unhandled.
  signing.catch(() => {});
  const codes = new Map<string, PendingCode>();
  let base = '';

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      json(res, 500, { error: 'server_error', error_description: (error as Error).message });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        jwks_uri: `${base}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        claims_supported: ['sub', 'email', 'email_verified', 'name', 'picture'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks')
      return json(res, 200, { keys: [(await signing).jwk] });
    if (url.pathname === '/authorize' && (req.method === 'GET' || req.method === 'POST')) {
      const params = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : url.searchParams;
      return authorize(params, req.method === 'POST', res);
    }
    if (req.method === 'POST' && url.pathname === '/token') return token(req, res);
    json(res, 404, { error: 'not_found' });
  }

  function authorize(params: URLSearchParams, submitted: boolean, res: ServerResponse) {
    const clientId = params.get('client_id') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    if (clientId !== opts.clientId || !opts.redirectUris.includes(redirectUri)) {
      return html(res, 400, page('Sign-in refused', '<p>Unknown client or redirect address.</p>'));
    }
    const codeChallenge = params.get('code_challenge') ?? '';
    if (
      params.get('response_type') !== 'code' ||
      params.get('code_challenge_method') !== 'S256' ||
      !codeChallenge
    ) {
      return redirectBack(res, redirectUri, params.get('state'), { error: 'invalid_request' });
    }
    const email = (submitted ? params.get('email') : params.get('login_hint'))?.trim().toLowerCase() ?? '';
    if (!email || !EMAIL.test(email)) {
      const error = submitted ? '<p class="error" role="alert">Enter a valid e-mail address.</p>' : '';
      return html(res, submitted ? 400 : 200, loginForm(params, error), [new URL(redirectUri).origin]);
    }
    const name = params.get('name')?.trim().slice(0, 80) || email.split('@')[0]!;
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      clientId,
      redirectUri,
      codeChallenge,
      nonce: params.get('nonce') ?? undefined,
      email,
      name,
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    return redirectBack(res, redirectUri, params.get('state'), { code });
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const body = new URLSearchParams(await readBody(req));
    const [basicId, basicSecret] = basicAuth(req.headers.authorization);
    const clientId = basicId ?? body.get('client_id');
    const clientSecret = basicSecret ?? body.get('client_secret');
    if (clientId !== opts.clientId || clientSecret !== opts.clientSecret) {
      return json(res, 401, { error: 'invalid_client' });
    }
    if (body.get('grant_type') !== 'authorization_code')
      return json(res, 400, { error: 'unsupported_grant_type' });
    const code = body.get('code') ?? '';
    const pending = codes.get(code);
    // A code is single-use: it is gone from here on, whatever happens next.
    codes.delete(code);
    if (!pending || pending.expiresAt < Date.now() || pending.redirectUri !== body.get('redirect_uri')) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    const verifier = body.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (challenge !== pending.codeChallenge) return json(res, 400, { error: 'invalid_grant' });
    const { jwk, privateKey } = await signing;
    const sub = `local-${createHash('sha256').update(pending.email).digest('hex').slice(0, 24)}`;
    const idToken = await new SignJWT({
      email: pending.email,
      email_verified: true,
      name: pending.name,
      ...(pending.nonce ? { nonce: pending.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
      .setIssuer(base)
      .setSubject(sub)
      .setAudience(opts.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    json(res, 200, {
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 300,
      id_token: idToken,
      scope: 'openid email profile',
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function basicAuth(header: string | undefined): [string | null, string | null] {
  if (!header?.startsWith('Basic ')) return [null, null];
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return [null, null];
  return [decodeURIComponent(decoded.slice(0, i)), decodeURIComponent(decoded.slice(i + 1))];
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function redirectBack(
  res: ServerResponse,
  redirectUri: string,
  state: string | null,
  extra: Record<string, string>,
) {
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(extra)) target.searchParams.set(k, v);
  if (state) target.searchParams.set('state', state);
  res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' });
  res.end();
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, body: string, redirectOrigins: string[] = []) {
  // form-action also governs the redirect that follows the form post, so the app's origin is listed.
  const formAction = ["'self'", ...redirectOrigins].join(' ');
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}`,
  });
  res.end(body);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function loginForm(params: URLSearchParams, error: string): string {
  const hidden = [...params.entries()]
    .filter(([k]) => !['email', 'name', 'login_hint'].includes(k))
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return page(
    'Sign in to Beatroom',
    `<p class="hint">Local development sign-in. No password: any e-mail address works.</p>
     ${error}
     <form method="post" action="/authorize">
       ${hidden}
       <label>E-mail <input name="email" type="email" autocomplete="email" required autofocus></label>
       <label>Name <input name="name" type="text" autocomplete="name" maxlength="80"></label>
       <button type="submit">Sign in</button>
     </form>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:linear-gradient(135deg,#0b0a12,#1c1333 60%,#151a3a);color:#eee}
main{width:min(360px,90vw);background:#17151f;border:1px solid #2c2840;border-radius:12px;padding:24px}
h1{font-size:20px;margin:0 0 8px}.hint{color:#aaa;font-size:14px}.error{color:#ff6b6b}
label{display:block;margin:12px 0;font-size:14px}input{display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:8px;border-radius:6px;border:1px solid #3a3550;background:#0f0e15;color:#eee}
button{margin-top:8px;width:100%;padding:10px;border:0;border-radius:6px;background:#7c3aed;color:#fff;font-weight:600;cursor:pointer}
</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
