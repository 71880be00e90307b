import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { beatThroughApi, previewReady } from './support/beats';
import { signInThroughApi } from './support/sign-in';
import { test } from './support/journey-test';

// Journeys that hold together: finding the community areas, joining a live session by its code,
// coming back to the page one signed in from, and listening like on BeatStars (a list queued from
// the beat played, Next, the end of a track, Play next / Add to queue, reordering), with beats in
// the first screen of home on a laptop and on a phone, and a console free of 403s and CSP errors.

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const TITLES = ['Journey One', 'Journey Two', 'Journey Three'];

/** Console errors of a page (a 403 or a CSP violation shows up here). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Whether the element's top edge is inside the first screen (no scrolling). */
async function inFirstScreen(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + Math.min(box.height, 48) <= viewport.height;
}

// axe-core through the debugging protocol, as accessibility.spec.ts does (the CSP refuses inline scripts).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The axe rules a page breaks (WCAG 2.x A/AA and best practices), as "rule: target" lines. */
async function axeViolations(page: Page, skipRules: string[] = []): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (skip) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: { rules: Record<string, { enabled: boolean }> },
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const rules = Object.fromEntries(skip.map((id) => [id, { enabled: false }]));
    const { violations } = await axe.run(document, { rules });
    return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  }, skipRules);
}

async function newPage(browser: Browser, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  return context.newPage();
}

test.beforeAll(async ({ browser }) => {
  // A producer with three one-minute beats, their previews rendered: long enough that none ends
  // by itself while the queue is being checked, however loaded the machine. Once per server: a worker that
  // restarts after a failure runs this again and finds them.
  const page = await newPage(browser);
  await signInThroughApi(page, 'journey-producer@example.com', 'Journey Producer');
  const existing = (await (await page.request.get('/api/beats?search=Journey')).json()) as {
    title: string;
  }[];
  const ids: string[] = [];
  for (const [index, title] of TITLES.entries()) {
    if (existing.some((beat) => beat.title === title)) continue;
    ids.push(await beatThroughApi(page, { title, price_cents: 1000 + index }, 60));
  }
  for (const id of ids) await previewReady(page, id);
  await page.context().close();
});

test('the Community menu and the footer lead to challenges, collaborations, activity, live sessions and the legal pages', async ({
  browser,
}) => {
  const page = await newPage(browser, PHONE);
  const errors = consoleErrors(page);
  await page.goto('/');
  // On a phone the nav is its own row under the logo: Community is in it.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Community' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Challenges/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Collaborations/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Activity/ })).toBeVisible();
  await expect(menu.getByText('Live sessions')).toBeVisible();
  await menu.getByRole('menuitem', { name: /Challenges/ }).click();
  await expect(page).toHaveURL(/\/challenges$/);

  // Join a session from the menu: a wrong code is answered there, with the documented message.
  await nav.getByRole('button', { name: 'Community' }).click();
  await page.getByRole('menuitem', { name: /Join a session/ }).click();
  await expect(page).toHaveURL(/\/studio\/collaborate$/);
  await expect(page.getByRole('heading', { name: 'Join a session' })).toBeVisible();
  await page.getByLabel('Session code').fill('ABCD-EFGH-JK');
  await page.getByRole('button', { name: 'Join session' }).click();
  await expect(page.getByText('Session not found or has ended')).toBeVisible();
  await expect(page).toHaveURL(/\/studio\/collaborate$/);

  // The footer: the sections and the legal pages, with real text.
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Collaborations' }).click();
  await expect(page).toHaveURL(/\/collaborations$/);
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Refunds/ })).toBeVisible();
  await expect(page.getByText(/Payments are processed by Stripe/)).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText(/cookies only for your session/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Deleting|Your choices/ }).first()).toBeVisible();
  // The wrong code's 404 is logged like any failed request; nothing else went wrong.
  expect(errors.filter((text) => !/404|Session not found or has ended/.test(text))).toEqual([]);
  await page.context().close();
});

test('signing in from a deep link comes back to that page through the issuer; an address is refused', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await page.goto('/support/ticket/TKT-2026-000042?from=mail');
  await expect(page.getByRole('heading', { name: 'Sign in to see your ticket' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click();
  // The local OpenID issuer's own page.
  await expect(page.getByRole('heading', { name: 'Sign in to Beatroom' })).toBeVisible();
  await page.getByLabel('E-mail').fill('deep-link@example.com');
  await page.getByLabel('Name').fill('Deep Linker');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/support/ticket/TKT-2026-000042');
  expect(new URL(page.url()).search).toBe('?from=mail');
  await expect(page.getByRole('button', { name: /^Deep Linker, user menu/ })).toBeVisible();

  // Never an open redirect: an absolute or protocol-relative address is refused outright.
  for (const address of ['https://evil.example/phish', '//evil.example']) {
    const refused = await page.request.get(
      `/api/oauth/google/redirect_url?return_to=${encodeURIComponent(address)}`,
    );
    expect(refused.status()).toBe(400);
  }
  await page.context().close();
});

test('home at 1366×900: beats in the first screen as a track list; playing one queues the list; Next, the end of a track, Play next, Add to queue and reordering', async ({
  browser,
}) => {
  const page = await newPage(browser);
  const errors = consoleErrors(page);
  await signInThroughApi(page, 'journey-fan@example.com', 'Journey Fan');

  // A fan: no "Your Analytics", no Upgrade lock, no listeners call answered 403.
  const row = page.getByRole('article', { name: 'Journey One' });
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  expect(await inFirstScreen(page, row)).toBe(true);
  await expect(page.getByText('Your Analytics')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('home-1366x900.png') });

  // Newest first: Three, Two, One (then whatever other journeys listed before). Playing Two
  // queues the list from Two on: Two, One and every older beat.
  await page.getByRole('button', { name: 'Play Journey Two' }).click();
  const bar = page.getByRole('region', { name: 'Audio player' });
  await expect(bar.getByRole('link', { name: 'Journey Two' })).toBeVisible();
  const queueButton = bar.getByRole('button', { name: /^Queue \(\d+\)$/ });
  await expect(queueButton).toBeVisible();
  const fromTwo = Number(
    /\d+/.exec((await queueButton.getAttribute('aria-label')) ?? (await queueButton.innerText()))![0],
  );
  expect(fromTwo).toBeGreaterThanOrEqual(2);
  await bar.getByRole('button', { name: 'Next' }).click();
  await expect(bar.getByRole('link', { name: 'Journey One' })).toBeVisible();
  await bar.getByRole('button', { name: 'Previous' }).click();
  await expect(bar.getByRole('link', { name: 'Journey Two' })).toBeVisible();

  // Play next from a row's menu: Three goes right after the current beat.
  await page.getByRole('button', { name: 'Queue options for Journey Three' }).click();
  await page.getByRole('menuitem', { name: 'Play next' }).click();
  const withThree = bar.getByRole('button', { name: `Queue (${fromTwo + 1})` });
  await expect(withThree).toBeVisible();
  await withThree.click();
  const queue = page.getByRole('list', { name: 'Queued beats' });
  const firstThree = async () => (await queue.getByRole('listitem').allInnerTexts()).slice(0, 3);
  await expect
    .poll(firstThree)
    .toEqual([
      expect.stringContaining('Journey Two'),
      expect.stringContaining('Journey Three'),
      expect.stringContaining('Journey One'),
    ]);

  // Reorder by dragging: One to the top.
  const handle = queue.getByRole('button', { name: 'Reorder Journey One' });
  const target = queue.getByRole('button', { name: 'Reorder Journey Two' });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 10 });
  await page.mouse.up();
  await expect
    .poll(firstThree)
    .toEqual([
      expect.stringContaining('Journey One'),
      expect.stringContaining('Journey Two'),
      expect.stringContaining('Journey Three'),
    ]);

  // The end of a track plays the next one: Two, sought to 6 s before its end (End, then a tenth
  // back), ends and Three starts by itself.
  await expect(bar.getByRole('link', { name: 'Journey Two' })).toBeVisible();
  const seek = bar.getByRole('slider', { name: 'Seek' });
  await seek.press('End');
  await seek.press('PageDown');
  await expect(bar.getByRole('link', { name: 'Journey Three' })).toBeVisible({ timeout: 20_000 });

  // No 403 (locked panels ask nothing) and no CSP violation on the way.
  expect(errors.filter((text) => /403|Content Security Policy/i.test(text))).toEqual([]);
  await page.context().close();
});

test('on a phone the first screen shows a beat, on the first visit and once the hero is compact', async ({
  browser,
}) => {
  const page = await newPage(browser, PHONE);
  await signInThroughApi(page, 'journey-phone@example.com', 'Journey Phone');
  const card = page.getByRole('article', { name: 'Journey Three' });
  await expect(card).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await inFirstScreen(page, card)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('home-phone-first.png') });

  // The next visit: the hero is one line, the live stats one line, and beats are higher still.
  await page.reload();
  await expect(card).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByText('Beats, licences and vocals in one place')).toHaveCount(0);
  expect(await inFirstScreen(page, card)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('home-phone-compact.png') });
  await page.context().close();
});

test('the purchase dialog’s Google Pay check logs no CSP violation', async ({ browser }) => {
  const page = await newPage(browser);
  const errors = consoleErrors(page);
  await page.goto('/');
  await page
    .getByRole('button', { name: /^Buy Journey One/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // The availability check runs when the dialog opens; give the browser a moment to fetch.
  await page.waitForTimeout(1500);
  // (Without internet the manifest download itself fails by name resolution: that is not CSP.)
  expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  await page.context().close();
});

test('the new pages (terms, privacy, join a session) and the open Community menu: no axe violations', async ({
  browser,
}) => {
  for (const theme of ['dark', 'light'] as const) {
    const page = await newPage(browser);
    await page.addInitScript((value) => localStorage.setItem('beatroom-theme', value), theme);
    for (const [path, heading] of [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
      ['/studio/collaborate', 'Join a session'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(await axeViolations(page), `${path} (${theme})`).toEqual([]);
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Community' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    // An open menu lives in Radix's portal at the end of <body>, outside the landmarks, as every
    // dropdown of the app does: the best-practice "region" rule does not apply to it.
    expect(await axeViolations(page, ['region']), `Community menu (${theme})`).toEqual([]);
    await page.context().close();
  }
});
