import { expect, type Download, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { wavFile } from '../server/test/media-fixtures';
import { isPdf, pdfText } from '../server/test/pdf-text';
import { BUILT_IN_ADMIN, signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

const TITLE = 'Copper Skyline';
const PRODUCER = 'Rhea Ridge';
const FAN = 'Milo Mint';

async function savedBytes(download: Download): Promise<Buffer> {
  const failure = await download.failure();
  if (failure) throw new Error(`download failed: ${failure}`);
  return readFileSync(await download.path());
}

/** A beat priced at $10.00 with a WAV master, created through the API from the producer's page. */
async function createPricedBeat(page: Page): Promise<string> {
  const audio = await page.request.post('/api/upload/audio', {
    multipart: { audio: { name: 'beat.wav', mimeType: 'audio/wav', buffer: wavFile(2, 22_050) } },
  });
  expect(audio.ok(), await audio.text()).toBe(true);
  const { key } = (await audio.json()) as { key: string };
  const beat = await page.request.post('/api/beats', {
    data: { title: TITLE, genre: 'Trap', audio_file_key: key, price_cents: 1000 },
  });
  expect(beat.ok(), await beat.text()).toBe(true);
  return ((await beat.json()) as { id: string }).id;
}

test('an admin refunds an exclusive sale: the buyer’s download stops, the credit note appears, the producer’s earnings fall, the beat is on sale again', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const producer = await signInNewContext(browser, 'rhea@example.com', PRODUCER);
  const beatId = await createPricedBeat(producer.page);

  // --- The fan buys the exclusive through the local checkout (its journey: selling.spec.ts) --
  const fan = (await signInNewContext(browser, 'milo@example.com', FAN)).page;
  const order = await fan.request.post(`/api/beats/${beatId}/purchase`, {
    data: { license_type: 'exclusive', price_cents: 10_000 },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const { order_id } = (await order.json()) as { order_id: string };
  expect((await fan.request.post(`/api/checkout/local/${order_id}/pay`)).ok()).toBe(true);

  await fan.goto(`/beat/${beatId}`);
  await expect(fan.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(fan.getByRole('button', { name: `Download ${TITLE}` }).first()).toBeVisible();

  const studio = producer.page;
  await studio.goto('/earnings');
  const totals = studio.getByLabel('Totals');
  const total = (label: string) =>
    totals.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(total('Net earnings')).toHaveText('$100.00');

  // --- The admin finds the order in the Orders tab and refunds it ----------------------------
  const admin = (await signInNewContext(browser, BUILT_IN_ADMIN.email, BUILT_IN_ADMIN.name)).page;
  await admin.goto('/admin?tab=orders');
  await admin
    .getByRole('searchbox', { name: 'Search by buyer, beat or invoice number' })
    .fill('milo@example');
  const row = admin.getByTestId('admin-order-row').filter({ hasText: TITLE });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$100.00');
  await expect(row).toContainText('PAID');
  await row.getByRole('button', { name: 'Refund' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Refund order' });
  await expect(dialog).toContainText('Refund $100.00 to milo@example.com');
  await expect(dialog.getByRole('button', { name: 'Refund', exact: true })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Bought by mistake');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(admin.getByText(/^Order refunded \(credit note CN-\d{4}-\d{6}\)$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('REFUNDED');
  await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  // --- The buyer: no more download; Buy again; told why -------------------------------------
  await fan.reload();
  const buyAgain = fan.getByRole('button', { name: `Buy ${TITLE} again, $10.00` });
  await expect(buyAgain).toBeVisible();
  await expect(fan.getByRole('button', { name: `Download ${TITLE}` })).toHaveCount(0);
  const status = await fan.request.get(`/api/beats/${beatId}/download-status`);
  expect(await status.json()).toMatchObject({ canDownload: false, reason: 'refunded' });
  expect((await fan.request.post(`/api/beats/${beatId}/download`, { data: {} })).status()).toBe(402);
  await buyAgain.click();
  await expect(
    fan.getByText('Your licence for this beat was refunded. Buy it again to download.'),
  ).toBeVisible();
  const purchase = fan.getByRole('dialog', { name: 'Purchase Beat' });
  await expect(purchase).toBeVisible();
  // The exclusive is on sale again.
  await expect(purchase.getByRole('radio', { name: 'Exclusive licence, $100.00' })).toBeEnabled();
  await fan.keyboard.press('Escape');
  await expect(purchase).toBeHidden();

  // --- The credit note beside the invoice, as a PDF ------------------------------------------
  await fan.goto('/downloads');
  await fan.getByRole('button', { name: 'Invoices & Receipts' }).click();
  const invoices = fan.getByRole('dialog', { name: 'Invoices & Receipts' });
  const invoiceRow = invoices.getByRole('button', { name: /^Invoice BR-\d{4}-\d{6}$/ });
  await expect(invoiceRow).toHaveCount(1);
  await expect(invoiceRow).toContainText('refunded');
  await invoiceRow.click();
  const note = invoices.getByTestId('credit-note');
  await expect(note).toContainText(/CN-\d{4}-\d{6}/);
  await expect(note).toContainText('Bought by mistake');
  await expect(note).toContainText('-$100.00');
  const creditNoteNumber = (await note.locator('p').first().textContent())!.trim();
  const [download] = await Promise.all([
    fan.waitForEvent('download'),
    note.getByRole('button', { name: `Download PDF of credit note ${creditNoteNumber}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${creditNoteNumber}.pdf`);
  const pdf = await savedBytes(download);
  expect(isPdf(pdf)).toBe(true);
  const text = pdfText(pdf).join('\n');
  for (const expected of ['CREDIT NOTE', creditNoteNumber, 'Bought by mistake', FAN, PRODUCER, '$100.00']) {
    expect(text).toContain(expected);
  }

  // --- The producer's earnings fall ----------------------------------------------------------
  await studio.reload();
  await expect(total('Net earnings')).toHaveText('$0.00');

  // --- Anyone sees the beat for sale again ---------------------------------------------------
  const visitor = await browser.newPage();
  await visitor.goto(`/beat/${beatId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(visitor.getByText('Sold exclusively')).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: `Buy ${TITLE}, $10.00` }).first()).toBeVisible();
});
