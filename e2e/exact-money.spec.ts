import { expect, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wavFile } from '../server/test/media-fixtures';
import { signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

const TITLE = 'Euro Nights';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Sets the signed-in user's preferredCurrency the way the settings page saves it (the whole object). */
async function preferCurrency(page: Page, currency: 'USD' | 'EUR') {
  const settings = (await (await page.request.get('/api/user-settings')).json()) as Record<string, unknown>;
  const saved = await page.request.put('/api/user-settings', {
    data: { ...settings, preferredCurrency: currency },
  });
  expect(saved.ok()).toBe(true);
}

/** Buys through the open Purchase Beat dialog and the local test checkout; answers when paid. */
async function payOnLocalCheckout(page: Page, price: string) {
  await page
    .getByRole('dialog', { name: 'Purchase Beat' })
    .getByRole('button', { name: 'Purchase', exact: true })
    .click();
  await page.waitForURL(new RegExp(`/checkout/local/${UUID.source}$`));
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
}

test('a EUR producer lists a beat at €19.99 and sees €19.99 everywhere; a USD buyer pays the USD price, then upgrades Basic to Premium for the difference', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'beatroom-money-'));
  const masterPath = join(dir, 'euro-nights.wav');
  writeFileSync(masterPath, wavFile(3, 22_050));
  try {
    // --- The producer, who uses EUR, uploads the beat at €19.99 -----------------------------
    const producer = (await signInNewContext(browser, 'euro@example.com', 'Euro Producer')).page;
    await preferCurrency(producer, 'EUR');
    await producer.reload();
    await producer.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = producer.getByRole('dialog', { name: 'Upload Beat' });
    await upload.getByLabel('Audio file').setInputFiles(masterPath);
    await upload.getByLabel('Title').fill(TITLE);
    await upload.getByLabel('Genre').selectOption('Trap');
    await upload.getByLabel('Price (EUR)', { exact: true }).fill('19.99');
    await upload.getByRole('button', { name: 'Upload Beat' }).click();
    await producer.waitForURL(new RegExp(`/beat/${UUID.source}$`));
    const beatId = new URL(producer.url()).pathname.split('/').pop()!;

    // The beat page shows the price as typed, not €20.05 (€19.99 → $23.59 → €20.05).
    await expect(producer.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(producer.getByText('€19.99', { exact: true }).first()).toBeVisible();
    await expect(producer.getByText('€20.05')).toHaveCount(0);

    // The edit form starts from it; saving another field keeps it.
    await producer.getByRole('button', { name: 'Manage Beat' }).click();
    const manage = producer.getByRole('dialog', { name: 'Manage Beat' });
    await expect(manage.getByLabel('Price (EUR)', { exact: true })).toHaveValue('19.99');
    await manage.getByLabel('Title').fill(`${TITLE} II`);
    await manage.getByRole('button', { name: 'Save Changes' }).click();
    await expect(manage).toBeHidden();
    await producer.reload();
    await expect(producer.getByRole('heading', { level: 1, name: `${TITLE} II` })).toBeVisible();
    await expect(producer.getByText('€19.99', { exact: true }).first()).toBeVisible();
    await producer.getByRole('button', { name: 'Manage Beat' }).click();
    await expect(
      producer.getByRole('dialog', { name: 'Manage Beat' }).getByLabel('Price (EUR)', { exact: true }),
    ).toHaveValue('19.99');
    await producer.keyboard.press('Escape');

    // ...and so does the dashboard of their beats.
    await producer.goto('/dashboard');
    const row = producer.getByRole('row').filter({ hasText: `${TITLE} II` });
    await expect(row).toContainText('€19.99');

    // The server kept both: the price as typed and its USD worth for the catalogue.
    const stored = (await (await producer.request.get(`/api/beats/${beatId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(stored).toMatchObject({ list_price_cents: 1999, list_currency: 'EUR', price_cents: 2359 });

    // --- A buyer who uses USD sees the converted USD price and buys Basic -------------------
    const buyer = (await signInNewContext(browser, 'dollar@example.com', 'Dollar Buyer')).page;
    await buyer.goto(`/beat/${beatId}`);
    await expect(buyer.getByRole('heading', { level: 1, name: `${TITLE} II` })).toBeVisible();
    await buyer.getByRole('button', { name: `Buy ${TITLE} II, $23.59` }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Purchase Beat' });
    await expect(dialog.getByRole('radio', { name: 'Basic licence, $23.59' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'Premium licence, $47.18' })).toBeEnabled();
    await payOnLocalCheckout(buyer, '$23.59');

    // --- Holding Basic, the buyer is offered Premium for the difference ---------------------
    await buyer.goto(`/beat/${beatId}`);
    const upgrade = buyer.getByRole('button', { name: 'Upgrade to Premium, $23.59' });
    await expect(upgrade).toBeVisible();
    await upgrade.click();
    const upgradeDialog = buyer.getByRole('dialog', { name: 'Purchase Beat' });
    await expect(upgradeDialog.getByRole('radio', { name: 'Basic licence, $23.59' })).toBeDisabled();
    await expect(upgradeDialog.getByText('You own this licence')).toBeVisible();
    await expect(
      upgradeDialog.getByRole('radio', { name: 'Upgrade to Premium licence, $23.59 (the difference)' }),
    ).toBeChecked();
    await expect(upgradeDialog.getByRole('region', { name: 'Order summary' })).toContainText('Total$23.59');
    await payOnLocalCheckout(buyer, '$23.59');

    // Premium now: the next step up is the Trackout (5×), less everything paid ($117.95 − $47.18).
    await buyer.goto(`/beat/${beatId}`);
    await expect(buyer.getByRole('button', { name: 'Upgrade to Trackout, $70.77' })).toBeVisible();
    const licences = (await (await buyer.request.get(`/api/beats/${beatId}/licenses`)).json()) as {
      license_type: string;
      held: boolean;
    }[];
    expect(licences.filter((l) => l.held).map((l) => l.license_type)).toEqual(['premium']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
