import { expect, type Locator, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { simpleParser } from 'mailparser';
import { isPdf } from '../server/test/pdf-text';
import { beatThroughApi, previewReady, UUID } from './support/beats';
import { downloaded } from './support/downloads';
import { signInNewContext } from './support/sign-in';
import { shownDuring } from './support/transient';
import { test } from './support/journey-test';

// One fan, one cart, one payment: three beats from two producers (Nova's "buy 1 get 1 free" deal
// makes her cheaper beat free, Kai's coupon takes 10% off his Trackout), paid once through the
// local checkout; every file downloaded, the stems ZIP among them; both producers see their sale
// live; the receipt mail carries a licence agreement per beat.

const FAN = 'Cart Fan';
const NOVA = 'Nova Deals';
const KAI = 'Kai Stems';
const BIG = 'Cart Harbour'; // Nova, Basic $20.00
const SMALL = 'Cart Ember'; // Nova, Basic $10.00: free with the deal
const STEMMED = 'Cart Canyon'; // Kai, Trackout $50.00 (5 × $10.00), 10% off with KAI10

/** A real stems ZIP: the server checks the names in its central directory. */
const STEMS = Buffer.from(
  zipSync({
    'stems/drums.wav': new TextEncoder().encode('RIFF....WAVEfmt '),
    'stems/bass.wav': new TextEncoder().encode('RIFF....WAVEfmt '),
  }),
);

/**
 * Opens Earnings, connected live (the server's first message arrived); answers the figure of a
 * Totals label.
 */
async function watchEarnings(page: Page) {
  const live = new Promise<void>((resolve) =>
    page.on('websocket', (ws) => {
      if (ws.url().includes('/api/ws')) ws.once('framereceived', () => resolve());
    }),
  );
  await page.goto('/earnings');
  await live;
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  const totals = page.getByLabel('Totals');
  return (label: string) =>
    totals.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
}

/** Picks a licence from a beat's Add to cart menu and waits for the cart to take it. */
async function addToCart(page: Page, scope: Page | Locator, title: string, licence: string) {
  await scope.getByRole('button', { name: `Add ${title} to cart` }).click();
  const added = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/cart'));
  await page.getByRole('menuitem', { name: `${licence} licence` }).click();
  expect((await added).status()).toBe(200);
}

test('a fan checks out a cart of three beats from two producers, with a deal and a coupon, in one payment; downloads every file, stems included; both producers see their sale live; the receipt mail carries the agreements', async ({
  browser,
}) => {
  test.setTimeout(240_000);

  // --- Two producers: Nova with a deal, Kai with stems and a coupon ---------------------------
  const nova = await signInNewContext(browser, 'nova-deals@example.com', NOVA);
  const big = await beatThroughApi(nova.page, { title: BIG, price_cents: 2000 });
  const small = await beatThroughApi(nova.page, { title: SMALL, price_cents: 1000 });
  const deal = await nova.page.request.put('/api/deals', { data: { buy_count: 1, free_count: 1 } });
  expect(deal.ok(), await deal.text()).toBe(true);

  const kai = await signInNewContext(browser, 'kai-stems@example.com', KAI);
  const stemmed = await beatThroughApi(kai.page, { title: STEMMED, price_cents: 1000 });
  const stems = await kai.page.request.put(`/api/beats/${stemmed}/stems`, {
    data: STEMS,
    headers: { 'content-type': 'application/zip' },
  });
  expect(stems.ok(), await stems.text()).toBe(true);
  const coupon = await kai.page.request.post('/api/coupons', {
    data: { code: 'KAI10', kind: 'percent', value: 10, max_uses: 5 },
  });
  expect(coupon.ok(), await coupon.text()).toBe(true);
  // The renditions a Basic licence delivers (the MP3) are made in the background.
  for (const id of [big, small, stemmed]) await previewReady(nova.page, id);

  const novaTotal = await watchEarnings(nova.page);
  const kaiTotal = await watchEarnings(kai.page);
  await expect(novaTotal('Sales')).toHaveText('0');
  await expect(kaiTotal('Sales')).toHaveText('0');

  // --- The fan fills the cart: two from the track list, the Trackout from its beat page -------
  const fanSession = await signInNewContext(browser, 'cart-fan@example.com', FAN);
  const fan = fanSession.page;
  await fan.setViewportSize({ width: 1366, height: 900 });
  await fan.goto('/');
  const rows = fan.getByRole('list', { name: 'Beats' });
  await expect(rows.getByRole('article', { name: BIG })).toBeVisible();
  await addToCart(fan, rows.getByRole('article', { name: BIG }), BIG, 'Basic');
  await addToCart(fan, rows.getByRole('article', { name: SMALL }), SMALL, 'Basic');
  await fan.goto(`/beat/${stemmed}`);
  await expect(fan.getByRole('heading', { level: 1, name: STEMMED })).toBeVisible();
  await addToCart(fan, fan, STEMMED, 'Trackout');
  await expect(fan.getByRole('link', { name: 'Cart, 3 beats' })).toBeVisible();

  // --- /cart: the deal applies by itself, the coupon when applied -----------------------------
  await fan.getByRole('link', { name: 'Cart, 3 beats' }).click();
  await fan.waitForURL((url) => url.pathname === '/cart');
  const lines = fan.getByRole('list', { name: 'Cart lines' });
  await expect(lines.getByRole('listitem')).toHaveCount(3);
  const line = (title: string) => lines.getByRole('listitem').filter({ hasText: title });
  await expect(line(SMALL)).toContainText('Free with the producer’s deal: −$10.00');
  await expect(line(STEMMED)).toContainText('Trackout licence');
  await expect(fan.getByTestId('cart-total')).toHaveText('$70.00');
  await fan.getByLabel('Coupon code').fill('kai10');
  await fan.getByRole('button', { name: 'Apply' }).click();
  await expect(fan.getByText('Coupon KAI10 applied')).toBeVisible();
  await expect(line(STEMMED)).toContainText('Coupon: −$5.00');
  await expect(fan.getByTestId('cart-total')).toHaveText('$65.00');
  await expect(fan.getByRole('radio', { name: /New card/ })).toBeChecked();
  await fan.screenshot({ path: test.info().outputPath('cart-1366x900.png'), fullPage: true });

  // --- One payment through the local checkout --------------------------------------------------
  const checkedOut = fan.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/cart/checkout'),
  );
  await fan.getByRole('button', { name: 'Checkout', exact: true }).click();
  const checkout = await checkedOut;
  expect(checkout.status()).toBe(200);
  expect(checkout.request().postDataJSON()).toMatchObject({ coupon_code: 'KAI10' });
  await fan.waitForURL(new RegExp(`/checkout/local/${UUID.source}$`));
  await expect(fan.getByText('Test payment, no money moves')).toBeVisible();
  const paid = fan.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/checkout\/local\/[^/]+\/pay$/.test(r.url()),
  );
  // Both producers hear of it without a reload: a toast each (it leaves after 5 s), watched from
  // before the payment on both pages at once.
  const newSale = (producer: Page) =>
    producer.getByRole('region', { name: 'Status messages' }).getByText('New sale', { exact: true }).first();
  await shownDuring(
    async () => {
      await fan.getByRole('button', { name: 'Pay $65.00' }).click();
      expect((await paid).status()).toBe(200);
      await expect(fan.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    },
    newSale(nova.page),
    newSale(kai.page),
  );
  await expect(novaTotal('Gross sales')).toHaveText('$20.00');
  await expect(kaiTotal('Gross sales')).toHaveText('$45.00');
  await expect(kaiTotal('Sales')).toHaveText('1');

  // --- Every file: the MP3s of the Basic licences, the Trackout's WAV and stems, the agreements -
  await fan.goto('/downloads?tab=purchases');
  const purchases = fan.getByRole('list', { name: 'Purchases' });
  await expect(purchases.getByRole('listitem')).toHaveCount(3);
  const purchase = (title: string) => purchases.getByRole('listitem').filter({ hasText: title });
  for (const title of [BIG, SMALL]) {
    const file = await downloaded(fan, () =>
      purchase(title)
        .getByRole('button', { name: `Download ${title}` })
        .click(),
    );
    expect(file.name).toBe(`${title}.mp3`);
  }
  await purchase(STEMMED)
    .getByRole('button', { name: `Download ${STEMMED}` })
    .click();
  const wav = await downloaded(fan, () => fan.getByRole('menuitem', { name: 'Download WAV' }).click());
  expect(wav.name).toBe(`${STEMMED}.wav`);
  expect(wav.bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
  const zip = await downloaded(fan, () =>
    purchase(STEMMED)
      .getByRole('button', { name: `Download the stems of ${STEMMED}` })
      .click(),
  );
  expect(zip.name).toBe(`${STEMMED} (stems).zip`);
  expect(zip.bytes.equals(STEMS)).toBe(true);
  for (const title of [BIG, SMALL, STEMMED]) {
    const licence = await downloaded(fan, () =>
      purchase(title)
        .getByRole('link', { name: `Licence PDF for ${title}` })
        .click(),
    );
    expect(isPdf(licence.bytes)).toBe(true);
  }
  // The history has all four downloads, the stems marked as such.
  await fan.getByRole('tab', { name: /Download History/ }).click();
  const history = fan.getByRole('list', { name: 'Download History' });
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expect(history.getByRole('listitem').filter({ hasText: 'STEMS' })).toContainText(STEMMED);

  // --- The receipt mail, with an agreement per beat attached ----------------------------------
  const receiptMail = async () => {
    const res = await fan.request.get('/dev/mail', { headers: { accept: 'application/json' } });
    const { mails } = (await res.json()) as { mails: { to: string; subject: string; file: string }[] };
    return mails.find((m) => m.to === 'cart-fan@example.com' && m.subject.startsWith('Your receipt'));
  };
  await expect.poll(receiptMail, { message: 'the receipt mail', timeout: 30_000 }).toBeDefined();
  const receipt = (await receiptMail())!;
  expect(receipt.subject).toBe('Your receipt: 3 beats');
  const eml = await fan.request.get(`/dev/mail/${receipt.file}`);
  const parsed = await simpleParser(await eml.body());
  const pdfs = parsed.attachments.filter((a) => a.contentType === 'application/pdf');
  expect(pdfs).toHaveLength(3);
  for (const pdf of pdfs) expect(isPdf(pdf.content)).toBe(true);

  for (const page of [fan, nova.page, kai.page]) await page.context().close();
});

/** The cells of every track-list row, and whether any two overlap or spill out of the row. */
function rowOverlaps(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const row of Array.from(document.querySelectorAll('ul article'))) {
      const cells = Array.from(row.children).filter((c) => getComputedStyle(c).display !== 'none');
      const boxes = cells.map((c) => c.getBoundingClientRect());
      const rowBox = row.getBoundingClientRect();
      const name = row.querySelector('h3')?.textContent ?? '?';
      boxes.forEach((a, i) =>
        boxes.slice(i + 1).forEach((b, j) => {
          const overlap =
            a.right > b.left + 0.5 &&
            b.right > a.left + 0.5 &&
            a.bottom > b.top + 0.5 &&
            b.bottom > a.top + 0.5;
          if (overlap && a.width && b.width) found.push(`${name}: cell ${i} overlaps cell ${i + j + 1}`);
        }),
      );
      // The title keeps room to be read.
      const title = row.querySelector('h3')?.getBoundingClientRect().width ?? 0;
      if (title < 64) found.push(`${name}: the title is ${Math.round(title)}px wide`);
      // The controls inside the last cell stay inside the row.
      for (const control of Array.from(cells.at(-1)?.querySelectorAll('button, span') ?? [])) {
        const box = control.getBoundingClientRect();
        if (box.width && (box.left < rowBox.left - 0.5 || box.right > rowBox.right + 0.5)) {
          found.push(`${name}: ${control.getAttribute('aria-label') ?? control.textContent} leaves the row`);
        }
      }
    }
    return found;
  });
}

test('track-list rows: price, Add to cart and the time never overlap, from a phone to 1920 wide', async ({
  browser,
}) => {
  const { page } = await signInNewContext(browser, 'row-watcher@example.com', 'Row Watcher');
  for (const [width, height] of [
    [1280, 800],
    [1366, 900],
    [1920, 1080],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    // Phones start on the grid: the list is one click away.
    const listView = page.getByRole('button', { name: 'List view' });
    if ((await listView.getAttribute('aria-pressed')) !== 'true') await listView.click();
    // The first: a retried checkout journey lists a second beat of that title.
    const row = page.getByRole('list', { name: 'Beats' }).getByRole('article', { name: BIG }).first();
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: `Add ${BIG} to cart` })).toBeVisible();
    expect(await rowOverlaps(page), `at ${width}×${height}`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`track-list-${width}x${height}.png`) });
  }
  await page.context().close();
});
