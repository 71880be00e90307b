import { expect } from '@playwright/test';
import { signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

test('A follows B: B’s bell rises without a reload, and the notification leads to A’s profile', async ({
  browser,
}) => {
  const b = await signInNewContext(browser, 'bea@example.com', 'Bea Producer');
  // B's realtime connection is open: the home feed says Live.
  await expect(b.page.getByText('Live', { exact: true })).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  const a = await signInNewContext(browser, 'al@example.com', 'Al Listener');
  await a.page.goto(`/profile/${b.id}`);
  await expect(a.page.getByRole('heading', { level: 1, name: 'Bea Producer' })).toBeVisible();
  const followers = a.page.getByText('Followers', { exact: true }).locator('xpath=following-sibling::dd');
  await expect(followers).toHaveText('0');
  await a.page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(a.page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(followers).toHaveText('1');

  // B never reloads: the count arrives over the socket (well before the 30 s poll).
  const bell = b.page.getByRole('button', { name: 'Notifications (1 unread)' });
  await expect(bell).toBeVisible({ timeout: 10_000 });
  await expect(b.page.getByTestId('notification-badge')).toHaveText('1');
  // And the toast announces it.
  await expect(b.page.getByText('Al Listener started following you').first()).toBeVisible();

  await bell.click();
  const menu = b.page.getByRole('menu');
  await menu.getByRole('menuitem', { name: /New follower/ }).click();

  await b.page.waitForURL((url) => url.pathname === `/profile/${a.id}`);
  await expect(b.page.getByRole('heading', { level: 1, name: 'Al Listener' })).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // The follow shows up in the live activity feed too.
  await b.page.goto('/activity');
  await expect(b.page.getByText('Live: new activity appears as it happens')).toBeVisible();
  await expect(b.page.getByRole('tabpanel').getByText('Al Listener').first()).toBeVisible();
});
