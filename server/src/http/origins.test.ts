import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, authorize, createTestApp, signIn } from '../../test/helpers';
import { allowedOrigins, loopbackAliases, publicUrlForAlias } from './origins';

// The log prints http://127.0.0.1:<port> while PUBLIC_URL says
// http://localhost:<port>; a browser opened there had every write refused as cross-site and
// could not finish signing in (the sign-in cookie lived on the other host).

describe('loopback aliases of PUBLIC_URL', () => {
  it.each([
    ['http://localhost:3000', ['http://127.0.0.1:3000', 'http://[::1]:3000']],
    ['http://127.0.0.1:8080', ['http://localhost:8080', 'http://[::1]:8080']],
    ['http://[::1]:3000', ['http://localhost:3000', 'http://127.0.0.1:3000']],
    ['http://localhost', ['http://127.0.0.1', 'http://[::1]']],
    ['https://beatroom.example', []],
  ])('%s has the aliases %j outside production', (publicUrl, aliases) => {
    expect(loopbackAliases({ publicUrl, env: 'development' })).toEqual(aliases);
  });

  it('has none in production: there the allow-list is exactly what is configured', () => {
    const config = { publicUrl: 'http://localhost:3000', env: 'production' as const, corsOrigins: [] };
    expect(loopbackAliases(config)).toEqual([]);
    expect(allowedOrigins(config).has('http://127.0.0.1:3000')).toBe(false);
    expect(publicUrlForAlias(config, '127.0.0.1:3000', '/')).toBeNull();
  });

  it('sends only the same port under another loopback name to PUBLIC_URL', () => {
    const config = { publicUrl: 'http://localhost:3000', env: 'development' as const };
    expect(publicUrlForAlias(config, '127.0.0.1:3000', '/beats/1?x=2')).toBe(
      'http://localhost:3000/beats/1?x=2',
    );
    expect(publicUrlForAlias(config, '[::1]:3000', '/')).toBe('http://localhost:3000/');
    for (const host of ['localhost:3000', '127.0.0.1:3001', 'evil.example:3000', undefined]) {
      expect(publicUrlForAlias(config, host, '/')).toBeNull();
    }
  });
});

describe('a browser opened at 127.0.0.1 while PUBLIC_URL is localhost', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let signedIn: Agent;
  const alias = { host: '127.0.0.1:3000' };
  beforeAll(async () => {
    t = await createTestApp();
    ({ agent: signedIn } = await signIn(t.app, 'alias@example.com'));
  });
  afterAll(async () => t?.close());

  it('is sent to the same page on localhost, where the sign-in starts and finishes on one host', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/signin?next=%2Fupload', headers: alias });
    expect(page.statusCode).toBe(307);
    expect(page.headers.location).toBe('http://localhost:3000/signin?next=%2Fupload');

    // On localhost: the sign-in's callback is this host, so its login cookie comes back.
    const browser = new Agent(t.app);
    const { code, state, location } = await authorize(browser, 'alias-start@example.com');
    expect(location.origin).toBe('http://localhost:3000');
    const session = await browser.post('/api/sessions', { code, state });
    expect(session.statusCode).toBe(200);
    expect(session.json().email).toBe('alias-start@example.com');
  });

  it('accepts a write whose Origin is 127.0.0.1, and still refuses other sites', async () => {
    const write = (origin: string) =>
      signedIn.request({
        method: 'PUT',
        url: '/api/profile',
        payload: { bio: `from ${origin}` },
        headers: { ...alias, origin },
      });
    const ok = await write('http://127.0.0.1:3000');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile.bio).toBe('from http://127.0.0.1:3000');
    for (const origin of ['http://127.0.0.1:4000', 'http://evil.example']) {
      const refused = await write(origin);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'Cross-site request refused' });
    }
  });

  it('leaves API calls and non-page methods on the alias alone', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/beats', headers: alias });
    expect(api.statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/signin', headers: alias });
    expect(post.statusCode).not.toBe(307);
  });
});
