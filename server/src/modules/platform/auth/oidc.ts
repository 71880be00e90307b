import * as oidc from 'openid-client';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface IdentityClaims {
  issuer: string;
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcProvider {
  /** Builds the provider URL for a new sign-in, with fresh PKCE verifier, state and nonce. */
  authorizationRequest(loginHint?: string): Promise<AuthorizationRequest>;
  /** Exchanges a returned code, checking state, nonce and PKCE; throws on any mismatch. */
  exchange(
    params: { code: string; state: string },
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<IdentityClaims>;
}

/**
 * The one code path for Google and the local issuer. Discovery is lazy and retried after a
 * failure, so a server without internet still starts and answers everything else.
 */
export function createOidcProvider(opts: {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): OidcProvider {
  let configuration: Promise<oidc.Configuration> | null = null;
  const insecure = opts.issuerUrl.startsWith('http://');
  const config = () => {
    configuration ??= oidc
      .discovery(new URL(opts.issuerUrl), opts.clientId, opts.clientSecret, undefined, {
        // Only the loopback local issuer speaks plain HTTP.
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = null;
        throw error;
      });
    return configuration;
  };

  return {
    async authorizationRequest(loginHint) {
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const params: Record<string, string> = {
        redirect_uri: opts.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      };
      if (loginHint) params.login_hint = loginHint;
      const url = oidc.buildAuthorizationUrl(await config(), params);
      return { url: url.toString(), state, nonce, codeVerifier };
    },

    async exchange(params, checks) {
      const current = new URL(opts.redirectUri);
      current.searchParams.set('code', params.code);
      current.searchParams.set('state', params.state);
      const tokens = await oidc.authorizationCodeGrant(await config(), current, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The identity provider sent no ID token');
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
      if (!email) throw new Error('The identity provider did not share an e-mail address');
      if (claims.email_verified === false) throw new Error('The e-mail address is not verified');
      return {
        issuer: claims.iss,
        sub: claims.sub,
        email,
        name: typeof claims.name === 'string' ? claims.name : null,
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  };
}
