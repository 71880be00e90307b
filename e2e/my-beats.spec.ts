import { expect, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatAmount } from '../shared/src/format-money';
import { wavFile } from '../server/test/media-fixtures';
import { beatThroughApi, previewReady, UUID } from './support/beats';
import { signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

// Producers see their business: the upload form says a title is too long instead of cutting
// it, and Free starts unticked; "My beats" (/dashboard, in the user menu for anyone with beats)
// lists the producer's beats with status, plays, downloads, sales, revenue and promotion,
// sortable, with the totals on top and Edit, Promote and Delete per row.

const dir = mkdtempSync(join(tmpdir(), 'beatroom-my-beats-'));
const beatWav = join(dir, 'Dash One.wav');
writeFileSync(beatWav, wavFile(3, 22_050));

/** Buys a basic licence on the local test checkout, at the price the server asks. Answers it. */
async function buyBasic(page: Page, beatId: string, shownCents: number): Promise<number> {
  let priceCents = shownCents;
  let purchase = await page.request.post(`/api/beats/${beatId}/purchase`, {
    data: { license_type: 'basic', price_cents: priceCents },
  });
  if (purchase.status() === 409) {
    priceCents = ((await purchase.json()) as { price_cents: number }).price_cents;
    purchase = await page.request.post(`/api/beats/${beatId}/purchase`, {
      data: { license_type: 'basic', price_cents: priceCents },
    });
  }
  expect(purchase.ok(), await purchase.text()).toBe(true);
  const { order_id } = (await purchase.json()) as { order_id: string };
  const paid = await page.request.post(`/api/checkout/local/${order_id}/pay`);
  expect(paid.ok(), await paid.text()).toBe(true);
  return priceCents;
}

test('a producer uploads (a too-long title is said, not cut; Free unticked), then runs their beats from My beats', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const fan = await signInNewContext(browser, 'dash-fan@example.com', 'Fay Fan');
  // Someone without beats has no "My beats".
  await fan.page.getByRole('button', { name: /^Fay Fan, user menu/ }).click();
  await expect(fan.page.getByRole('menuitem', { name: 'My Recordings' })).toBeVisible();
  await expect(fan.page.getByRole('menuitem', { name: 'My beats' })).toHaveCount(0);
  await fan.page.keyboard.press('Escape');

  const { page } = await signInNewContext(browser, 'dash-producer@example.com', 'Dee Dash');

  // --- Upload: Free starts unticked, the title counts and refuses 172 characters ---------------
  await page.goto('/upload');
  await page.getByLabel('Audio file').setInputFiles(beatWav);
  const title = page.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue('Dash One');
  await expect(page.getByRole('checkbox', { name: 'Free' })).not.toBeChecked();
  await expect(page.getByText('8/120')).toBeVisible();
  const long = `${'Midnight rain over the city '.repeat(7)}`.slice(0, 172);
  await title.fill(long);
  await expect(title).toHaveValue(long);
  await expect(page.getByText('172/120')).toBeVisible();
  await expect(page.getByText('Title is 52 characters too long (at most 120)')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('upload-title-too-long.png') });
  await page.getByRole('button', { name: 'Upload Beat' }).click();
  await expect(page).toHaveURL(/\/upload$/);
  await title.fill('Dash One');
  await expect(page.getByText(/too long/)).toHaveCount(0);
  await page.getByLabel('Description').fill('Rolling hats.');
  await expect(page.getByText('13/2000')).toBeVisible();
  await page.getByRole('button', { name: 'Upload Beat' }).click();
  await page.waitForURL(new RegExp(`/beat/${UUID.source}$`), { timeout: 30_000 });
  const dashOne = new URL(page.url()).pathname.split('/').pop()!;

  // A priced beat through the API, bought once by the fan; Dash One is played three times.
  const dashTwo = await beatThroughApi(page, { title: 'Dash Two', genre: 'Drill', price_cents: 2999 }, 3);
  await previewReady(page, dashOne);
  await previewReady(page, dashTwo);
  const paidCents = await buyBasic(fan.page, dashTwo, 2999);
  for (let i = 0; i < 3; i++) {
    expect((await fan.page.request.post(`/api/beats/${dashOne}/play`)).status()).toBeLessThan(300);
  }

  // --- My beats from the user menu ------------------------------------------------------------
  await page.goto('/');
  await page.getByRole('button', { name: /^Dee Dash, user menu/ }).click();
  await page.getByRole('menuitem', { name: 'My beats' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My beats' })).toBeVisible();
  const tile = (label: string) =>
    page.locator('dl[aria-label="Totals"] > div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(tile('Beats')).toContainText('2');
  await expect(tile('Sales')).toContainText('1');
  await expect(tile('Revenue')).toContainText(formatAmount(paidCents, 'USD'));

  const table = page.getByRole('table');
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row('Dash One')).toContainText('Live');
  await expect(row('Dash Two')).toContainText('Live');
  await expect(row('Dash Two')).toContainText(formatAmount(paidCents, 'USD'));
  await expect(row('Dash One')).toContainText('Not promoted');
  await page.screenshot({ path: test.info().outputPath('my-beats.png'), fullPage: true });

  // --- Sorting: by plays, most first, then least first -----------------------------------------
  const firstTitle = () => table.getByRole('row').nth(1).getByRole('link').first();
  await table.getByRole('button', { name: 'Plays' }).click();
  await expect(table.getByRole('columnheader', { name: 'Plays' })).toHaveAttribute('aria-sort', 'descending');
  await expect(firstTitle()).toHaveText('Dash One');
  await table.getByRole('button', { name: 'Plays' }).click();
  await expect(table.getByRole('columnheader', { name: 'Plays' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstTitle()).toHaveText('Dash Two');

  // --- Promote and Edit open their dialogs --------------------------------------------------
  await row('Dash Two').getByRole('button', { name: 'Promote Dash Two' }).click();
  await expect(page.getByRole('dialog', { name: 'Promote Your Beat' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Promote Your Beat' })).toBeHidden();
  await row('Dash Two').getByRole('button', { name: 'Edit Dash Two' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Beat' });
  await expect(manage.getByLabel('Title', { exact: true })).toHaveValue('Dash Two');
  await page.keyboard.press('Escape');
  await expect(manage).toBeHidden();

  // --- Delete asks, then the row and its numbers go ---------------------------------------------
  await row('Dash One').getByRole('button', { name: 'Delete Dash One' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Beat?' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete Beat' }).click();
  await expect(confirm).toBeHidden();
  await expect(row('Dash One')).toHaveCount(0);
  await expect(tile('Beats')).toContainText('1');
  expect((await page.request.get(`/api/beats/${dashOne}`)).status()).toBe(404);
});
