import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { wavFile } from '../server/test/media-fixtures';
import { beatThroughApi, previewReady } from './support/beats';
import { BUILT_IN_ADMIN, signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

// axe-core (WCAG 2.x A/AA and best practices, its default rules) in Chromium on the public pages
// signed out and on home signed in: any violation fails. Signed-out pages must not
// log errors either (the 401 of /api/users/me, CSP reports).

// Evaluated through the debugging protocol: the page's CSP (script-src 'self') refuses the
// inline script addScriptTag would make, and bypassing CSP would hide the violations we check.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const results = await axe.run(document);
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

function describe(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}\n    ${n.failureSummary ?? ''}`).join('\n')}`,
    )
    .join('\n');
}

async function expectNoViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describe(violations)).toEqual([]);
}

/** A fresh signed-out browser that records every console error, in the dark or light theme. */
async function visitor(browser: Browser, theme: 'dark' | 'light' = 'dark') {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  if (theme === 'light') {
    // What the theme menu stores (features/theme/store/theme-store.ts), before the app reads it.
    await context.addInitScript(() => localStorage.setItem('beatroom-theme', 'light'));
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

let beatId = '';
let producerId = '';

/*
 * The server renders each public page's first screen into the HTML, and the app
 * replaces it when it mounts: the checks below wait for a control only the app renders (the
 * first screen has no buttons) before running axe on what the app shows.
 */
const appMounted = (page: Page) => expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

/** Each public page, and what says the app has shown it. */
const publicPages: { name: string; path: () => string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    path: () => '/',
    ready: (page) => expect(page.getByRole('button', { name: /^Buy Axe Night Drive/ }).first()).toBeVisible(),
  },
  {
    name: 'a beat page',
    path: () => `/beat/${beatId}`,
    ready: (page) => expect(page.getByRole('button', { name: 'Record Vocals' })).toBeVisible(),
  },
  {
    name: 'a profile',
    path: () => `/profile/${producerId}`,
    ready: (page) => expect(page.getByRole('tablist', { name: 'Profile' })).toBeVisible(),
  },
];

test.beforeAll(async ({ browser }) => {
  const producer = await signInNewContext(browser, 'axe-producer@example.com', 'Axe Producer');
  producerId = producer.id;
  const { page } = producer;
  const cover = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#5b3cc4' } })
    .png()
    .toBuffer();
  const image = await page.request.post('/api/upload/image', {
    multipart: { image: { name: 'cover.png', mimeType: 'image/png', buffer: cover } },
  });
  expect(image.ok(), await image.text()).toBe(true);
  beatId = await beatThroughApi(
    page,
    {
      title: 'Axe Night Drive',
      bpm: 140,
      description: 'Dark keys over heavy 808s.',
      cover_image_key: ((await image.json()) as { key: string }).key,
      price_cents: 2999,
    },
    2,
  );
  await page.context().close();
});

test('home, signed out: no axe violations, no console errors', async ({ browser }) => {
  const { page, errors } = await visitor(browser);
  await page.goto('/');
  await appMounted(page);
  await expect(page.getByRole('link', { name: 'Axe Night Drive' }).first()).toBeVisible();
  await publicPages[0]!.ready(page);
  await expectNoViolations(page);
  expect(errors).toEqual([]);
});

test('a beat page, signed out: no axe violations, no console errors, its own title', async ({ browser }) => {
  const { page, errors } = await visitor(browser);
  await page.goto(`/beat/${beatId}`);
  await appMounted(page);
  await publicPages[1]!.ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Axe Night Drive' })).toBeVisible();
  await expect(page).toHaveTitle('Axe Night Drive by Axe Producer · Beatroom');
  // The largest paint is fetched at once, not lazily.
  const cover = page.getByRole('img', { name: 'Cover of Axe Night Drive' });
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  await expect(cover).toHaveAttribute('loading', 'eager');
  await expectNoViolations(page);
  expect(errors).toEqual([]);
});

test('a profile, signed out: no axe violations, no console errors', async ({ browser }) => {
  const { page, errors } = await visitor(browser);
  await page.goto(`/profile/${producerId}`);
  await appMounted(page);
  await publicPages[2]!.ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Axe Producer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Axe Night Drive' }).first()).toBeVisible();
  await expectNoViolations(page);
  expect(errors).toEqual([]);
});

test('home, signed in: no axe violations', async ({ browser }) => {
  const { page } = await signInNewContext(browser, 'axe-listener@example.com', 'Axe Listener');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(page.getByRole('link', { name: 'Axe Night Drive' }).first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: /live/i }).or(page.getByRole('complementary')).first(),
  ).toBeVisible();
  await expectNoViolations(page);
});

test('the header menus load when first opened and work at once (theme, genres, sort)', async ({
  browser,
}) => {
  const { page, errors } = await visitor(browser);
  await page.goto('/');
  await page.getByRole('button', { name: 'Theme: Dark' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await page.getByRole('button', { name: 'Genres' }).click();
  await page.getByRole('menuitem', { name: 'Trap' }).click();
  await expect(page).toHaveURL(/\?genre=Trap$/);
  await page.getByRole('button', { name: /^Sort/ }).click();
  await page.getByRole('menuitemradio', { name: 'Oldest' }).click();
  await expect(page).toHaveURL(/sort=oldest/);
  expect(errors).toEqual([]);
});

for (const { name, path, ready } of publicPages) {
  test(`${name}, signed out, light theme: no axe violations`, async ({ browser }) => {
    const { page, errors } = await visitor(browser, 'light');
    await page.goto(path());
    await appMounted(page);
    await ready(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expectNoViolations(page);
    expect(errors).toEqual([]);
  });
}

test('the server-rendered first screens, before any script runs: content and no axe violations', async ({
  browser,
}) => {
  const { page } = await visitor(browser);
  // The app's scripts never arrive: what shows is the HTML the server sent.
  await page.route('**/assets/*.js', (route) => route.abort());
  const firstScreens: [string, string][] = [
    ['/', 'Find the beat that makes your next hit'],
    [`/beat/${beatId}`, 'Axe Night Drive'],
    [`/profile/${producerId}`, 'Axe Producer'],
  ];
  for (const [path, heading] of firstScreens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoViolations(page);
  }
  // The beat page's cover is there at once, fetched first, with its renditions.
  await page.goto(`/beat/${beatId}`);
  const cover = page.getByRole('img', { name: 'Cover of Axe Night Drive' });
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  await expect(cover).toHaveAttribute('srcset', /images-256\/.+\.webp 256w/);
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // Home shows the first cards as links to their pages.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Axe Night Drive' }).first()).toHaveAttribute(
    'href',
    `/beat/${beatId}`,
  );
});

// ---------------------------------------------------------------------------------------------
// Every page the journeys visit, signed in, in the dark and the light theme: the producer's own
// views (their profile with Edit Cover, My beats, the studio, My Recordings with a take) and
// the community and account pages, then the admin panel as an admin.
// ---------------------------------------------------------------------------------------------

/** Waits until a page has shown itself: its heading, and no loading skeleton left. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0, { timeout: 20_000 });
}

/** Signs in in a fresh context whose theme is set before the app reads it. */
async function memberIn(browser: Browser, theme: 'dark' | 'light', email: string, name: string) {
  const member = await signInNewContext(browser, email, name);
  // A signed-in user's theme is their saved setting: saved first, then kept locally too.
  const settings = await member.page.request.get('/api/user-settings');
  const saved = await member.page.request.put('/api/user-settings', {
    data: { ...((await settings.json()) as object), theme },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await member.page
    .context()
    .addInitScript((chosen) => localStorage.setItem('beatroom-theme', chosen), theme);
  await member.page.emulateMedia({ reducedMotion: 'reduce' });
  return member;
}

/** Visits each path and answers the violations found per path (empty when all pass). */
async function auditPages(page: Page, theme: 'dark' | 'light', paths: string[]) {
  const failures: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await settled(page);
    const slug = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    await page.screenshot({ path: test.info().outputPath(`${theme}-${slug}.png`), fullPage: true });
    const violations = await axeViolations(page);
    if (violations.length > 0) failures.push(`${path} (${theme}):\n${describe(violations)}`);
  }
  return failures;
}

/** A take over the beat, so My Recordings lists one (the preview must be ready first). */
async function saveTake(page: Page) {
  await previewReady(page, beatId);
  const take = await page.request.post('/api/recordings/upload', {
    multipart: {
      beat_id: beatId,
      recording_name: 'Axe Take',
      is_public: 'true',
      recording: { name: 'take.wav', mimeType: 'audio/wav', buffer: wavFile(2, 48_000) },
    },
  });
  expect(take.ok(), await take.text()).toBe(true);
}

/**
 * What the journeys' pages show and the audit must see: a white profile cover under the owner's
 * Edit Cover button, and one collaboration request of each type (their coloured badges).
 */
async function furnish(page: Page) {
  const white = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const image = await page.request.post('/api/upload/image', {
    multipart: { image: { name: 'cover.png', mimeType: 'image/png', buffer: white } },
  });
  expect(image.ok(), await image.text()).toBe(true);
  const profile = await page.request.put('/api/profile', {
    data: { cover_image_key: ((await image.json()) as { key: string }).key },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  for (const request_type of ['vocalist_needed', 'producer_needed', 'collaboration_offer']) {
    const posted = await page.request.post('/api/collaborations', {
      data: {
        title: `Axe ${request_type}`,
        description: 'Looking for a partner on a dark trap record.',
        request_type,
        skill_level: 'intermediate',
        genre: 'Trap',
        mood: 'Dark',
        beat_id: beatId,
      },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
  }
}

for (const theme of ['dark', 'light'] as const) {
  test(`every page of the journeys, signed in, ${theme} theme: no axe violations`, async ({ browser }) => {
    // About 2 minutes alone; over 5 with the three CI lanes on two slow cores, and past 8 in a CI
    // run whose web journeys took 45 minutes instead of 10.
    test.setTimeout(720_000);
    const producer = await memberIn(browser, theme, 'axe-producer@example.com', 'Axe Producer');
    if (theme === 'dark') {
      await saveTake(producer.page);
      await furnish(producer.page);
    }
    const failures = await auditPages(producer.page, theme, [
      '/',
      `/beat/${beatId}`,
      `/profile/${producerId}`,
      `/profile/${producerId}?tab=uploads`,
      `/studio/${beatId}`,
      '/my-recordings',
      '/dashboard',
      '/upload',
      '/earnings',
      '/challenges',
      '/collaborations',
      '/activity',
      '/downloads',
      '/notifications',
      '/settings',
      '/support',
    ]);
    await producer.page.context().close();

    const admin = await memberIn(browser, theme, BUILT_IN_ADMIN.email, BUILT_IN_ADMIN.name);
    failures.push(
      ...(await auditPages(admin.page, theme, ['/admin', '/admin?tab=users', '/admin?tab=beats'])),
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
}
