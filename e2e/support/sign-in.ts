import { expect, type Browser, type Page } from '@playwright/test';

/**
 * Signs in from home through the sign-in dialog and the local OpenID issuer's page, and waits
 * until home shows the user menu for `name`.
 */
export async function signIn(page: Page, email: string, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  // The local OpenID issuer's own page.
  await expect(page.getByRole('heading', { name: 'Sign in to Beatroom' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back through /auth/callback to home, signed in.
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: new RegExp(`^${name}, user menu`) })).toBeVisible();
}

/**
 * Signs in through the same OpenID flow as the dialog (the server's redirect URL with its state
 * and PKCE cookie, the local issuer's code, POST /api/sessions), sent from the page's own request
 * context, which shares the browser context's cookies, instead of clicking through the dialog and
 * the issuer's form: two page loads fewer per sign-in. For journeys about something else; the
 * dialog itself is driven by signIn() (sign-in.spec.ts, catalogue.spec.ts, account.spec.ts).
 * Lands on home and waits for the user menu for `name`, as signIn() does.
 */
export async function signInThroughApi(page: Page, email: string, name: string) {
  const request = page.context().request;
  const start = await request.get('/api/oauth/google/redirect_url');
  expect(start.ok()).toBe(true);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  // login_hint skips the issuer's form; name is what the form would have sent.
  const issuer = await request.get(
    `${redirectUrl}&login_hint=${encodeURIComponent(email)}&name=${encodeURIComponent(name)}`,
    { maxRedirects: 0 },
  );
  const back = new URL(issuer.headers()['location'] ?? '');
  const code = back.searchParams.get('code');
  expect(code, `the issuer's redirect: ${back}`).toBeTruthy();
  const session = await request.post('/api/sessions', {
    data: { code, state: back.searchParams.get('state') ?? '' },
  });
  expect(session.status(), await session.text()).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('button', { name: new RegExp(`^${name}, user menu`) })).toBeVisible();
}

/** Signs in, in a fresh browser context of its own; answers the page and the user's id. */
export async function signInNewContext(
  browser: Browser,
  email: string,
  name: string,
): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, email, name);
  const me = await page.request.get('/api/users/me');
  expect(me.ok()).toBe(true);
  const { id } = (await me.json()) as { id: string };
  return { page, id };
}

/**
 * The server's built-in admin allow-list account (server/src/config.ts DEFAULT_ADMIN_EMAIL),
 * under one name in every journey: its profile keeps the name of its first sign-in, and the
 * journeys share one server, so a second name would never show in the user menu.
 */
export const BUILT_IN_ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@beatroom.local',
  name: 'Olive Owner',
} as const;
