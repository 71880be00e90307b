import { expect } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wavFile } from '../server/test/media-fixtures';
import { signInNewContext } from './support/sign-in';
import { shownDuring } from './support/transient';
import { test } from './support/journey-test';

const TITLE = 'Neon Tide';
const PRODUCER = 'Ray Promo';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

test('a producer buys credits through the local checkout, promotes a beat with them and sees it featured on home', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'beatroom-credits-'));
  const audioPath = join(dir, 'neon-tide.wav');
  writeFileSync(audioPath, wavFile(3, 22_050));

  try {
    // --- A producer with a beat ---------------------------------------------------------------
    const { page } = await signInNewContext(browser, 'ray@example.com', PRODUCER);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Beat' });
    await upload.getByLabel('Audio file').setInputFiles(audioPath);
    await upload.getByLabel('Title').fill(TITLE);
    await upload.getByLabel('Genre').selectOption('Trap');
    await upload.getByRole('button', { name: 'Upload Beat' }).click();
    await page.waitForURL(new RegExp(`/beat/${UUID.source}$`));
    const beatId = new URL(page.url()).pathname.split('/').pop()!;

    // --- The user menu: no credits yet, Buy More opens Buy Credits --------------------------------
    const menuButton = page.getByRole('button', { name: `${PRODUCER}, user menu` });
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Upgrade to Pro' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Buy More' }).click();
    const buy = page.getByRole('dialog', { name: 'Buy Credits' });
    await expect(buy.getByText('0 credits', { exact: true })).toBeVisible();
    await expect(buy.getByRole('button', { name: 'Buy Credits' })).toBeDisabled();
    // The radios are visually hidden inside their cards: a buyer clicks the card (a filter's
    // inner locator is relative to the card, so it starts from the page).
    const pack = page.getByRole('radio', { name: '500 credits, $4.50' });
    await buy.locator('label').filter({ has: pack }).click();
    await expect(buy.getByRole('region', { name: 'Order summary' })).toContainText('Total credits550');
    await buy.getByRole('button', { name: 'Buy 500 Credits' }).click();

    // --- The local test checkout: Pay ----------------------------------------------------------
    await page.waitForURL(/\/checkout\/local\//);
    await expect(page.getByText('Test payment, no money moves')).toBeVisible();
    await page.getByRole('button', { name: 'Pay $4.50' }).click();
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

    // Back in the app: the settings credits section and the user menu show the pack with its
    // bonus, credited once by the ledger.
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/settings' && url.searchParams.get('section') === 'credits',
    );
    const balance = page.getByLabel('Credit balance');
    await expect(balance).toContainText('550');
    await menuButton.click();
    await expect(page.getByRole('menu')).toContainText('550');
    await page.keyboard.press('Escape');
    const credits = await page.request.get('/api/user/credits');
    expect(
      ((await credits.json()) as { credits: { credits_available: number } }).credits.credits_available,
    ).toBe(550);

    // --- Manage Beat → Promote, paid with credits ------------------------------------------------
    await page.goto(`/beat/${beatId}`);
    await page.getByRole('button', { name: 'Manage Beat' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Beat' });
    await expect(manage.getByText('This beat has not been promoted yet.')).toBeVisible();
    await manage.getByRole('button', { name: `Promote ${TITLE}` }).click();
    const promote = page.getByRole('dialog', { name: 'Promote Your Beat' });
    const week = page.getByRole('radio', { name: 'Featured 1 Week, 200 credits or $1.99' });
    await promote.locator('label').filter({ has: week }).click();
    await expect(promote.getByRole('radio', { name: /Pay with credits/ })).toBeChecked();
    await expect(promote.getByRole('region', { name: 'Promotion summary' })).toContainText(
      'Total200 credits',
    );
    // The success view closes itself after 2 s; Manage Beat then shows the promotion running.
    await shownDuring(
      () => promote.getByRole('button', { name: 'Promote Beat' }).click(),
      promote.getByText('Promotion Active!'),
      promote.getByText(`${TITLE} is now being promoted and will appear in featured sections`),
    );
    await expect(promote).toBeHidden();
    const promotions = manage.getByRole('list', { name: 'Promotions of this beat' });
    await expect(promotions).toContainText('Featured 1 Week');
    await expect(promotions).toContainText('Active');
    await expect(promotions).toContainText(/Ends /);
    await manage.getByRole('button', { name: 'Cancel' }).click();

    // 550 - 200 left.
    await menuButton.click();
    await expect(page.getByRole('menu')).toContainText('350');
    await page.keyboard.press('Escape');

    // --- Home: the beat is featured ------------------------------------------------------------
    await page.goto('/?featured=true');
    const grid = page.getByRole('list', { name: 'Beats' });
    const card = grid.getByRole('article', { name: TITLE });
    await expect(card).toBeVisible();
    await expect(card.getByText('FEATURED')).toBeVisible();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
