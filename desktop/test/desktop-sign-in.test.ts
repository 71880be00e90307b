import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DesktopAuthStatus } from '@beatroom/shared/ipc-auth-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, createTestApp } from '../../server/test/helpers';
import { createDesktopAuth, NO_PENDING_SIGN_IN, SERVER_UNREACHABLE } from '../src/main/auth/desktop-auth';
import { createTokenStore, type SafeStorageLike } from '../src/main/auth/token-store';
import { parseDeepLink } from '../src/main/deep-link';

// The whole desktop sign-in against the real server and its local issuer: the app starts it,
// the "system browser" signs in and the web callback page posts the code, the deep link brings
// the handoff back, the app collects its token, uses it, and signs out.

let server: Awaited<ReturnType<typeof createTestApp>>;
let serverUrl = '';
let dir = '';

const safeStorage: SafeStorageLike = {
  isEncryptionAvailable: () => true,
  encryptString: (text) => Buffer.from(text).reverse(),
  decryptString: (data) => Buffer.from(data).reverse().toString(),
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beatroom-auth-'));
  server = await createTestApp();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  serverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The system browser: follows the sign-in page (login_hint skips the local issuer's form),
 * lands on /auth/callback and does what the web callback page does. Returns the deep link the
 * page would open.
 */
function systemBrowser(email: string) {
  const opened: string[] = [];
  return {
    opened,
    open: async (url: string) => void opened.push(url),
    async finish(): Promise<string> {
      const issuer = await fetch(`${opened.at(-1)}&login_hint=${encodeURIComponent(email)}`, {
        redirect: 'manual',
      });
      const back = new URL(issuer.headers.get('location')!);
      const page = await new Agent(server.app).post('/api/sessions', {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
      });
      expect(page.statusCode).toBe(200);
      return `beatroom://auth/callback?handoff=${page.json().desktopHandoff}`;
    },
  };
}

function desktopAuth(browser: ReturnType<typeof systemBrowser>, file = join(dir, `${Math.random()}.bin`)) {
  const changes: DesktopAuthStatus[] = [];
  const auth = createDesktopAuth({
    serverUrl,
    fetch,
    openExternal: browser.open,
    store: createTokenStore({ file, safeStorage, platform: 'darwin' }),
    onChange: (status) => changes.push(status),
  });
  return { auth, changes, file };
}

describe('desktop sign-in against the real server', () => {
  it('signs in through the system browser and a deep link, then signs out everywhere', async () => {
    const browser = systemBrowser('desk.app@example.com');
    const { auth, changes, file } = desktopAuth(browser);

    const started = await auth.signIn();
    expect(started).toMatchObject({ pending: true, user: null, error: null });
    expect(new URL(browser.opened[0]!).searchParams.get('code_challenge_method')).toBe('S256');

    const link = parseDeepLink(await browser.finish());
    const done = await auth.completeSignIn(link!);
    expect(done).toMatchObject({ pending: false, persisted: true, error: null });
    expect(done.user?.email).toBe('desk.app@example.com');
    expect(changes.at(-1)).toEqual(done);

    const token = auth.token()!;
    const me = await fetch(`${serverUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);

    // A restart reads the encrypted token back.
    const restarted = createDesktopAuth({
      serverUrl,
      fetch,
      openExternal: browser.open,
      store: createTokenStore({ file, safeStorage, platform: 'darwin' }),
      onChange: () => {},
    });
    expect((await restarted.refresh()).user?.email).toBe('desk.app@example.com');

    const out = await restarted.signOut();
    expect(out.user).toBeNull();
    expect(restarted.token()).toBeNull();
    const after = await fetch(`${serverUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    // The first instance's token is dead too: its next refresh signs it out.
    expect((await auth.refresh()).user).toBeNull();
  });

  it('refuses a deep link when no sign-in is waiting in this app (someone else’s link)', async () => {
    const attackerBrowser = systemBrowser('attacker@example.com');
    const attacker = desktopAuth(attackerBrowser);
    await attacker.auth.signIn();
    const attackerLink = parseDeepLink(await attackerBrowser.finish());

    const victim = desktopAuth(systemBrowser('victim@example.com'));
    const status = await victim.auth.completeSignIn(attackerLink!);
    expect(status).toMatchObject({ user: null, error: NO_PENDING_SIGN_IN });
  });

  it('refuses a handoff made for another copy of the app (its verifier does not match)', async () => {
    // The victim's app is waiting for its own sign-in; a link from another sign-in arrives.
    const victimBrowser = systemBrowser('victim2@example.com');
    const victim = desktopAuth(victimBrowser);
    await victim.auth.signIn();

    const other = systemBrowser('attacker2@example.com');
    const otherApp = desktopAuth(other);
    await otherApp.auth.signIn();
    const foreignLink = parseDeepLink(await other.finish());

    const status = await victim.auth.completeSignIn(foreignLink!);
    expect(status.user).toBeNull();
    expect(status.error).toMatch(/another copy of the app/);
    expect(victim.auth.token()).toBeNull();
  });

  it('reports an unreachable server when starting', async () => {
    const warn = vi.fn();
    const auth = createDesktopAuth({
      serverUrl: 'http://127.0.0.1:1',
      fetch,
      openExternal: async () => {},
      store: createTokenStore({ file: join(dir, 'x.bin'), safeStorage, platform: 'darwin' }),
      onChange: () => {},
      log: { warn },
    });
    await expect(auth.signIn()).rejects.toThrow(SERVER_UNREACHABLE);
  });
});
