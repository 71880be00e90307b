import { expect } from '@playwright/test';
import { signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

test('a member posts a request, another responds, the requester accepts and both land in the session', async ({
  browser,
}) => {
  // Two people signed in, in two browser contexts: more than the default minute.
  test.slow();
  const title = `Hook singer wanted ${Date.now()}`;
  const requester = await signInNewContext(browser, 'rita@example.com', 'Rita Requester');
  await requester.page.goto('/collaborations');
  await expect(requester.page.getByRole('heading', { level: 1, name: 'Collaborations' })).toBeVisible();
  await requester.page.getByRole('button', { name: 'Post Request' }).click();
  const dialog = requester.page.getByRole('dialog', { name: 'Post Request' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('A dark trap beat that needs a melodic hook.');
  await dialog.getByLabel('Genre').selectOption('Trap');
  await dialog.getByLabel('Mood').selectOption('Dark');
  await dialog.getByLabel('Budget from, $ (optional)').fill('100');
  await dialog.getByRole('button', { name: 'Post Request' }).click();
  await requester.page.waitForURL(/\/collaborations\/[0-9a-f-]{36}$/);
  const requestUrl = new URL(requester.page.url()).pathname;
  await expect(requester.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Never Respond to one's own request.
  await expect(requester.page.getByRole('button', { name: /Respond/ })).toHaveCount(0);

  // Another member finds it on the board by searching (on Enter) and responds.
  const vocalist = await signInNewContext(browser, 'vic@example.com', 'Vic Vocalist');
  await vocalist.page.goto('/collaborations');
  const search = vocalist.page.getByRole('searchbox', { name: 'Search collaborations' });
  await search.fill(title);
  await search.press('Enter');
  const card = vocalist.page.getByRole('list', { name: 'Collaboration requests' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Budget: $100+ USD')).toBeVisible();
  await card.getByRole('button', { name: /Respond/ }).click();
  const respond = vocalist.page.getByRole('dialog', { name: 'Respond' });
  await respond.getByLabel('Message').fill('I sing melodic hooks, happy to jump in.');
  await respond.getByRole('button', { name: 'Send Response' }).click();
  await expect(card.getByText('Responded')).toBeVisible();

  // The requester sees the response and accepts it: a live session opens for both.
  await requester.page.reload();
  const responses = requester.page.getByRole('list', { name: 'Responses' });
  await expect(responses.getByText('I sing melodic hooks, happy to jump in.')).toBeVisible();
  await responses.getByRole('button', { name: /^Accept/ }).click();
  await requester.page.waitForURL(/\/studio\/collaborate\/[^/]+$/);
  const sessionPath = new URL(requester.page.url()).pathname;
  await expect(requester.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The responder's own response now links to the same session.
  await vocalist.page.goto(requestUrl);
  const open = vocalist.page.getByRole('link', { name: 'Open Session' });
  await expect(open).toHaveAttribute('href', sessionPath);
  await open.click();
  await expect(vocalist.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The request left the board.
  await vocalist.page.goto('/collaborations');
  await search.fill(title);
  await search.press('Enter');
  await expect(vocalist.page.getByText('No requests match your search')).toBeVisible();
});
