import { expect } from '@playwright/test';
import { signIn } from './support/sign-in';
import { test } from './support/journey-test';

test('a visitor signs in through the dialog and the local issuer, sees their name, signs out', async ({
  page,
}) => {
  await signIn(page, 'maya@example.com', 'Maya Beats');
  const menu = page.getByRole('button', { name: /Maya Beats/ });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  // The screen shows the visitor at once; the server's session ends with the logout call after.
  const logout = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/logout');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect((await logout).ok()).toBe(true);
  const me = await page.request.get('/api/users/me');
  expect(me.status()).toBe(401);
});

test('the callback without a code still lands on home, signed out', async ({ page }) => {
  await page.goto('/auth/callback');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(200);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
});
