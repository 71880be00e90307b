import { expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wavFile } from '../server/test/media-fixtures';
import { isPdf, pdfText } from '../server/test/pdf-text';
import { beatThroughDialog, previewReady, UUID } from './support/beats';
import { downloaded } from './support/downloads';
import { signInNewContext } from './support/sign-in';
import { shownDuring } from './support/transient';
import { test } from './support/journey-test';

const TITLE = 'Harbour Lights';
const PRODUCER = 'Nova Keys';
const FAN = 'Fan Tastic';

/** MP3 bytes: an ID3 tag, or an MPEG audio frame sync (11 bits set) at the start. */
function isMp3(bytes: Buffer): boolean {
  return (
    bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)
  );
}

test('a fan buys a Premium licence through the local checkout, downloads it, its invoice and licence; the producer sees the sale live and in Earnings', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'beatroom-selling-'));
  const masterPath = join(dir, 'harbour-lights.wav');
  writeFileSync(masterPath, wavFile(4, 22_050));

  try {
    // --- The producer uploads a priced beat with a WAV master --------------------------------
    const producer = await signInNewContext(browser, 'nova@example.com', PRODUCER);
    const studio = producer.page;
    const beatId = await beatThroughDialog(studio, masterPath, TITLE, '12.50');

    // The server renders the preview and the MP3 320 a Premium download delivers in the
    // background: wait until the beat says it is ready.
    await previewReady(studio, beatId);

    // The producer watches their Earnings, connected live (the server's first message arrived).
    const live = new Promise<void>((resolve) =>
      studio.on('websocket', (ws) => {
        if (ws.url().includes('/api/ws')) ws.once('framereceived', () => resolve());
      }),
    );
    await studio.goto('/earnings');
    await live;
    await expect(studio.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    await expect(studio.getByText('No sales yet')).toBeVisible();
    const totals = studio.getByLabel('Totals');
    const total = (label: string) =>
      totals.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
    await expect(total('Sales')).toHaveText('0');

    // --- The fan opens the beat and buys a Premium licence -----------------------------------
    const fan = (await signInNewContext(browser, 'fan@example.com', FAN)).page;
    await fan.goto(`/beat/${beatId}`);
    await expect(fan.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await fan.getByRole('button', { name: `Buy ${TITLE}, $12.50` }).click();
    const dialog = fan.getByRole('dialog', { name: 'Purchase Beat' });
    await expect(dialog.getByRole('radio', { name: 'Basic licence, $12.50' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'Exclusive licence, $125.00' })).toBeEnabled();
    await expect(dialog.getByText('POPULAR')).toBeVisible();
    // The radios are visually hidden inside their cards: a buyer clicks the card.
    const premium = fan.getByRole('radio', { name: 'Premium licence, $25.00' });
    await dialog.locator('label').filter({ has: premium }).click();
    await expect(dialog.getByRole('radio', { name: 'Premium licence, $25.00' })).toBeChecked();
    const summary = dialog.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText('Processing fee$0.00');
    await expect(summary).toContainText('Total$25.00');
    await dialog.getByRole('button', { name: 'Purchase', exact: true }).click();

    // The local test checkout: the order, the banner, Pay.
    await fan.waitForURL(new RegExp(`/checkout/local/${UUID.source}$`));
    await expect(fan.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(fan.getByText('Test payment, no money moves')).toBeVisible();
    await expect(fan.getByRole('link', { name: TITLE })).toBeVisible();
    await expect(fan.getByText('Premium', { exact: true })).toBeVisible();
    const paid = fan.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/checkout\/local\/[^/]+\/pay$/.test(r.url()),
    );
    // The producer hears of it without a reload: a toast (it leaves after 5 s), watched from
    // before the payment.
    const toasts = studio.getByRole('region', { name: 'Status messages' });
    await shownDuring(
      async () => {
        await fan.getByRole('button', { name: 'Pay $25.00' }).click();
        expect((await paid).status()).toBe(200);
        await expect(fan.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
      },
      toasts.getByText('New sale', { exact: true }),
      toasts.getByText(`${FAN} bought a Premium licence for ${TITLE} ($25.00 USD to you)`),
    );
    await expect(studio.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();
    // ...and the Earnings page already counts it.
    await expect(total('Sales')).toHaveText('1');
    await expect(total('Gross sales')).toHaveText('$25.00');
    await expect(total('Net earnings')).toHaveText('$25.00');
    const perBeat = studio.getByRole('table', { name: 'Sales per beat' });
    await expect(perBeat.getByRole('row').filter({ hasText: TITLE }).getByRole('cell')).toHaveText([
      '1',
      '$25.00',
      '$25.00',
    ]);

    // --- The fan finds the purchase under Downloads → Purchases and downloads it --------------
    await fan.getByRole('link', { name: 'Go to Downloads' }).click();
    await fan.waitForURL(
      (url) => url.pathname === '/downloads' && url.searchParams.get('tab') === 'purchases',
    );
    await expect(fan.getByRole('tab', { name: 'Purchases 1' })).toHaveAttribute('aria-selected', 'true');
    const purchases = fan.getByRole('list', { name: 'Purchases' });
    const row = purchases.getByRole('listitem').filter({ hasText: TITLE });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('$25.00');
    await expect(row).toContainText('PREMIUM');
    await expect(row).toContainText('CARD');

    // Premium delivers WAV and MP3: Download offers both, and the fan takes the
    // WAV master, whatever the default download format (MP3) says.
    await row.getByRole('button', { name: `Download ${TITLE}` }).click();
    const formats = fan.getByRole('menu');
    await expect(formats.getByRole('menuitem')).toHaveText(['Download WAV', 'Download MP3']);
    const beatFile = await downloaded(fan, () =>
      formats.getByRole('menuitem', { name: 'Download WAV' }).click(),
    );
    expect(beatFile.name).toBe(`${TITLE}.wav`);
    expect(beatFile.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(beatFile.bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(beatFile.bytes.equals(readFileSync(masterPath))).toBe(true);
    expect(isMp3(beatFile.bytes)).toBe(false);
    await expect(fan.getByRole('tab', { name: 'Download History 1' })).toBeVisible();

    // The licence agreement.
    const licence = await downloaded(fan, () =>
      row.getByRole('link', { name: `Licence PDF for ${TITLE}` }).click(),
    );
    // The order, and the beat its licence is for (an order may hold several).
    expect(licence.name).toMatch(new RegExp(`^licence-${UUID.source}(-${UUID.source})?\\.pdf$`));
    expect(isPdf(licence.bytes)).toBe(true);
    const licenceText = pdfText(licence.bytes).join('\n');
    for (const expected of [
      'LICENCE AGREEMENT',
      'Premium Licence',
      `Beat: "${TITLE}"`,
      PRODUCER,
      FAN,
      '$25.00',
    ]) {
      expect(licenceText).toContain(expected);
    }

    // --- The invoice, from Invoices & Receipts -------------------------------------------------
    await fan.getByRole('button', { name: 'Invoices & Receipts' }).click();
    const invoices = fan.getByRole('dialog', { name: 'Invoices & Receipts' });
    const invoiceRow = invoices.getByRole('button', { name: /^Invoice BR-\d{4}-\d{6}$/ });
    await expect(invoiceRow).toHaveCount(1);
    await expect(invoiceRow).toContainText('$25.00 USD');
    await expect(invoiceRow.locator('[data-tone="paid"]')).toHaveText('paid');
    const invoiceNumber = (await invoiceRow.getAttribute('aria-label'))!.replace('Invoice ', '');
    await invoiceRow.click();
    await expect(invoices.getByRole('heading', { name: invoiceNumber })).toBeVisible();
    await expect(invoices.getByRole('cell', { name: `${TITLE} (Premium licence)` })).toBeVisible();
    const invoice = await downloaded(fan, () =>
      invoices.getByRole('button', { name: 'Download PDF' }).click(),
    );
    expect(invoice.name).toBe(`${invoiceNumber}.pdf`);
    expect(isPdf(invoice.bytes)).toBe(true);
    const invoiceText = pdfText(invoice.bytes).join('\n');
    for (const expected of [
      'INVOICE',
      invoiceNumber,
      'PAID',
      PRODUCER,
      FAN,
      `${TITLE} (Premium licence)`,
      'Total',
      '$25.00',
    ]) {
      expect(invoiceText).toContain(expected);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
