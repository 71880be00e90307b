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

/** Signs in, in a fresh browser context of its own; answers the page and the user's id. */
export async function signInNewContext(
  browser: Browser,
  email: string,
  name: string,
): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, name);
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
