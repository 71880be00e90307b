import { expect, type Browser, type Page } from '@playwright/test';
import { CONTROL_URL, DESKTOP_URL, SERVER_URL } from '../../playwright.desktop.config';
import { signInThroughApi } from '../support/sign-in';

/**
 * Asks the harness to kill -9 or restart main, to stop or restart the server, or to start main
 * afresh on an empty library (signed out).
 */
export async function harness(
  action: 'kill-main' | 'start-main' | 'stop-server' | 'start-server' | 'start-main-afresh',
) {
  const answer = await fetch(`${CONTROL_URL}/${action}`, { method: 'POST' });
  expect(answer.status, await answer.text()).toBe(200);
}

/** The harness's user-data folder: main's library (database, takes, downloads) is library/ in it. */
export async function harnessUserData(): Promise<string> {
  return (await fetch(`${CONTROL_URL}/library-dir`)).text();
}

/** The website, in a browser context of its own, signed in as this person. */
export async function website(browser: Browser, email: string, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: SERVER_URL });
  const page = await context.newPage();
  await signInThroughApi(page, email, name);
  return page;
}

/**
 * The desktop sign-in as a user lives it: Sign In in the app opens the sign-in page in "the
 * system browser" (a new tab), the person signs in there, the website offers the beatroom://
 * link, and the operating system hands it to the app (the harness's open-url endpoint).
 */
export async function desktopSignIn(page: Page, email: string, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  const systemBrowser = page.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  const tab = await systemBrowser;
  await expect(tab.getByRole('heading', { name: 'Sign in to Beatroom' })).toBeVisible();
  await tab.getByLabel('E-mail').fill(email);
  await tab.getByLabel('Name').fill(name);
  await tab.getByRole('button', { name: 'Sign in' }).click();
  await expect(tab.getByRole('heading', { name: 'Return to the Beatroom app' })).toBeVisible({
    timeout: 30_000,
  });
  const link = await tab.getByRole('link', { name: 'Open Beatroom' }).getAttribute('href');
  expect(link).toMatch(/^beatroom:\/\/auth\/callback\?/);
  await tab.close();
  const handed = await fetch(`${DESKTOP_URL}/__harness/open-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: link }),
  });
  expect(handed.status).toBe(200);
  await expect(page.getByRole('button', { name: new RegExp(`^${name}, user menu`) })).toBeVisible();
}

/** Answers the harness's open dialog (the native dialog's stand-in) with this file. */
export async function chooseInDialog(page: Page, kind: 'audio' | 'image', file: string) {
  const dialog = page.locator(`dialog[data-harness-dialog="${kind}"]`);
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog).toHaveCount(0);
}
