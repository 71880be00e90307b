import { expect, type Page } from '@playwright/test';
import { wavFile } from '../server/test/media-fixtures';
import { signIn, signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

/** A priced beat created through the API from the producer's signed-in page; answers its id. */
async function createBeat(page: Page, title: string, priceCents: number): Promise<string> {
  const audio = await page.request.post('/api/upload/audio', {
    multipart: { audio: { name: 'beat.wav', mimeType: 'audio/wav', buffer: wavFile(2, 22_050) } },
  });
  expect(audio.ok(), await audio.text()).toBe(true);
  const { key } = (await audio.json()) as { key: string };
  const beat = await page.request.post('/api/beats', {
    data: { title, genre: 'Trap', audio_file_key: key, price_cents: priceCents },
  });
  expect(beat.ok(), await beat.text()).toBe(true);
  return ((await beat.json()) as { id: string }).id;
}

test('a user switches to EUR and sees € prices on the cards and in the purchase dialog', async ({
  browser,
}) => {
  const producer = await signInNewContext(browser, 'euro-producer@example.com', 'Euro Producer');
  await createBeat(producer.page, 'Euro Nights', 1250);

  const fan = await signInNewContext(browser, 'euro-fan@example.com', 'Euro Fan');
  const page = fan.page;
  await expect(page.getByRole('button', { name: 'Buy Euro Nights, $12.50' }).first()).toBeVisible();

  // Settings → Display → Currency, saved with the Save bar.
  await page.goto('/settings?section=display');
  await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeHidden();

  // $12.50 at the fixed 0.85 USD→EUR rate is €10.63 on the cards; the purchase dialog prices in € too.
  await page.goto('/');
  const buy = page.getByRole('button', { name: 'Buy Euro Nights, €10.63' }).first();
  await expect(buy).toBeVisible();
  await expect(page.getByText('$12.50')).toHaveCount(0);
  await buy.click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Beat' });
  await expect(dialog.getByRole('radio', { name: 'Basic licence, €10.63' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Premium licence, €21.25' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Exclusive licence, €106.25' })).toBeVisible();
  const summary = dialog.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Subtotal€10.63');
  await expect(summary).toContainText('Total€10.63');
  // Payments are charged in USD: the summary names the charge once; every other line is in €.
  await expect(summary).toContainText('Charged in USD$12.50 USD');
  await expect(summary).toHaveText(/^[^$]*\$12\.50 USD[^$]*$/);
});

test('a user deletes the account and can no longer sign in to their data', async ({ browser }) => {
  const leaver = await signInNewContext(browser, 'leaver@example.com', 'Lee Leaver');
  const page = leaver.page;
  const beatId = await createBeat(page, 'Farewell Tape', 900);

  await page.goto('/settings?section=account');
  await expect(page.getByText('leaver@example.com')).toBeVisible();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete account?' });
  const deleteButton = confirm.getByRole('button', { name: 'Delete my account' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
  await deleteButton.click();

  // Home, signed out; the unsold beat and the profile are gone.
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
  expect((await page.request.get(`/api/beats/${beatId}`)).status()).toBe(404);
  expect((await page.request.get(`/api/users/${leaver.id}/profile`)).status()).toBe(404);

  // The same Google identity signs in to a fresh, empty account, not the old one.
  await signIn(page, 'leaver@example.com', 'Lee Leaver');
  const me = (await (await page.request.get('/api/users/me')).json()) as { id: string };
  expect(me.id).not.toBe(leaver.id);
  const account = (await (await page.request.get('/api/account')).json()) as { beats_count: number };
  expect(account.beats_count).toBe(0);
  await page.goto(`/profile/${me.id}`);
  await expect(page.getByText('Farewell Tape')).toHaveCount(0);
});
