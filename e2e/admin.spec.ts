import { expect, type Page } from '@playwright/test';
import { wavFile } from '../server/test/media-fixtures';
import { BUILT_IN_ADMIN, signInNewContext } from './support/sign-in';
import { shownDuring } from './support/transient';
import { test } from './support/journey-test';

const ADMIN_EMAIL = BUILT_IN_ADMIN.email;

/** A free beat created through the API from the producer's signed-in page; answers its id. */
async function createBeat(page: Page, title: string): Promise<string> {
  const audio = await page.request.post('/api/upload/audio', {
    multipart: { audio: { name: 'beat.wav', mimeType: 'audio/wav', buffer: wavFile(2, 22_050) } },
  });
  expect(audio.ok(), await audio.text()).toBe(true);
  const { key } = (await audio.json()) as { key: string };
  const beat = await page.request.post('/api/beats', { data: { title, genre: 'Trap', audio_file_key: key } });
  expect(beat.ok(), await beat.text()).toBe(true);
  return ((await beat.json()) as { id: string }).id;
}

/** The role badge beside the panel's title: Owner or Admin. */
const roleBadge = (page: Page, role: 'Owner' | 'Admin') =>
  page.getByRole('heading', { name: 'Admin Panel' }).locator('..').getByText(role, { exact: true });

/** The Users tab's row of one user, found by searching their e-mail. */
async function userRow(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = page.getByTestId('admin-user-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test('an owner transfers ownership and loses the owner controls; an admin features a beat and home shows it', async ({
  browser,
}) => {
  // Two journeys in one (three sign-ins, a transfer with its reload, a feature): a long test.
  test.setTimeout(300_000);
  const next = await signInNewContext(browser, 'next-owner@example.com', 'Nina Next');
  const owner = await signInNewContext(browser, ADMIN_EMAIL, BUILT_IN_ADMIN.name);

  // --- The owner opens the panel from the user menu ---------------------------------------
  const page = owner.page;
  await page.getByRole('button', { name: /^Olive Owner, user menu/ }).click();
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(roleBadge(page, 'Owner')).toBeVisible();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);

  // Owner controls on a member's row; none on the owner's own row, which says (You).
  const mine = await userRow(page, ADMIN_EMAIL);
  await expect(mine.getByText('(You)')).toBeVisible();
  await expect(mine.getByRole('button')).toHaveCount(0);
  const nina = await userRow(page, 'next-owner@example.com');
  await expect(nina.getByRole('button', { name: 'Delete' })).toBeVisible();

  // --- Transfer: warned, granted, toast, reload after 2 seconds ----------------------------
  await nina.getByRole('button', { name: 'Make Owner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer ownership' });
  await expect(dialog).toContainText('This will revoke your own owner status');
  const reloaded = page.waitForEvent('load');
  // The toast shows for the 2 seconds before the reload.
  await shownDuring(
    () => dialog.getByRole('button', { name: 'Transfer Ownership' }).click(),
    page.getByText('User granted owner privileges successfully'),
  );
  await reloaded;

  // After the reload: an admin now, with no owner controls anywhere.
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(roleBadge(page, 'Admin')).toBeVisible();
  const ninaNow = await userRow(page, 'next-owner@example.com');
  await expect(ninaNow.getByText('Owner', { exact: true })).toBeVisible();
  await expect(ninaNow.getByRole('button')).toHaveCount(0);
  const me = await page.request.get('/api/users/me');
  expect(await me.json()).toMatchObject({ isAdmin: true, isOwner: false });

  // The new owner sees the former owner's row with owner controls.
  await next.page.goto('/admin?tab=users');
  await expect(roleBadge(next.page, 'Owner')).toBeVisible();
  const olive = await userRow(next.page, ADMIN_EMAIL);
  await expect(olive.getByRole('button', { name: 'Make Owner' })).toBeVisible();
  await expect(olive.getByRole('button', { name: 'Delete' })).toBeVisible();

  // --- The (now plain) admin features a beat; home shows it as featured -------------------
  const TITLE = 'Admin Spotlight Groove';
  await createBeat(next.page, TITLE);
  await page.getByRole('tab', { name: 'Beats' }).click();
  await page.getByRole('searchbox', { name: 'Search beats' }).fill('Spotlight Groove');
  const beatRow = page.getByTestId('admin-beat-row').filter({ hasText: TITLE });
  await shownDuring(
    () => beatRow.getByRole('button', { name: 'Feature' }).click(),
    page.getByText('Beat featured successfully'),
  );
  await expect(beatRow.getByText('FEATURED', { exact: true })).toBeVisible();

  await next.page.goto('/');
  const card = next.page.getByRole('article', { name: TITLE });
  await expect(card.getByText('FEATURED', { exact: true })).toBeVisible();

  // The audit log names both actions.
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByTestId('admin-log-row').filter({ hasText: 'beat.feature' })).toHaveCount(1);
  await expect(page.getByTestId('admin-log-row').filter({ hasText: 'user.owner.grant' })).toHaveCount(1);
});
