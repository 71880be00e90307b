import { expect } from '@playwright/test';
import { test } from './support/journey-test';

// The API reference in a real browser: the viewer is this server's own script, run under the
// page's content security policy, and it renders the operations generated from the routes.
test('the API reference renders from its own files, within its content security policy', async ({
  page,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Failed loads are reported with their address below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(message.text());
  });
  page.on('response', (response) => {
    // The browser's own favicon probe is not the viewer's.
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
      problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL!) && !url.startsWith('data:') && !url.startsWith('blob:'))
      problems.push(`left the server: ${url}`);
  });

  const answer = await page.goto('/api/docs/');
  expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  // The first visit renders the document and compresses the viewer's script: give it time.
  await expect(page.getByRole('heading', { name: 'Beatroom API', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  // Operations are grouped by area, each module a tag.
  await expect(page.getByText('Commerce', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('follows', { exact: true }).first()).toBeVisible();
  expect(problems).toEqual([]);
});
