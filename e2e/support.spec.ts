import { expect } from '@playwright/test';
import { BUILT_IN_ADMIN, signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

const ADMIN_EMAIL = BUILT_IN_ADMIN.email;
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a member opens a ticket with a PNG; support adds an internal note and a reply; the member sees only the reply, live', async ({
  browser,
}) => {
  // Two people signed in, in two browser contexts, and a live update: more than the default minute.
  test.slow();
  const member = await signInNewContext(browser, 'mia@example.com', 'Mia Member');
  await member.page.goto('/support');
  await expect(member.page.getByRole('heading', { level: 1, name: 'Support Center' })).toBeVisible();
  await member.page.getByRole('button', { name: /New Ticket/ }).click();
  const dialog = member.page.getByRole('dialog');
  await dialog.getByLabel('Subject').fill('Upload stops at 90%');
  await dialog.getByLabel('Category').selectOption('technical');
  await dialog.getByLabel('Description').fill('My WAV upload never finishes. Screenshot attached.');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('list', { name: 'Files to attach' })).toContainText('screenshot.png');
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(dialog.getByText('Ticket created')).toBeVisible();

  // Two seconds later the screen moves on to the ticket.
  await member.page.waitForURL(/\/support\/ticket\/T-\d{6,}$/);
  const ticketNumber = new URL(member.page.url()).pathname.split('/').pop()!;
  await expect(member.page.getByRole('heading', { name: 'Upload stops at 90%' })).toBeVisible();
  await expect(member.page.getByText('No messages yet. Start the conversation below.')).toBeVisible();
  const attachment = member.page.getByRole('link', { name: 'Attachment 1' });
  const href = (await attachment.getAttribute('href'))!;
  const own = await member.page.request.get(href);
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await own.body()).equals(PNG)).toBe(true);
  // Never through the public files route.
  expect(
    (await member.page.request.get(href.replace('/api/support/attachments/', '/api/files/'))).status(),
  ).toBe(404);

  const admin = await signInNewContext(browser, ADMIN_EMAIL, BUILT_IN_ADMIN.name);
  await admin.page.goto(`/admin/support/ticket/${ticketNumber}`);
  await expect(admin.page.getByRole('heading', { name: 'Upload stops at 90%' })).toBeVisible();
  await expect(admin.page.getByRole('heading', { name: 'Ticket Management' })).toBeVisible();
  await expect(admin.page.getByRole('heading', { name: 'User Information' })).toBeVisible();
  expect((await admin.page.request.get(href)).status()).toBe(200);

  const reply = admin.page.getByLabel('Reply or internal note');
  await reply.fill('Their upload hit the proxy timeout; check the logs.');
  await admin.page.getByLabel('Internal note (not visible to user)').check();
  await admin.page.getByRole('button', { name: /Add Note/ }).click();
  const thread = admin.page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText('Their upload hit the proxy timeout; check the logs.')).toBeVisible();
  await expect(thread.getByText('Internal', { exact: true })).toBeVisible();

  await reply.fill('Thanks Mia! Please try again now, it should finish.');
  await admin.page.getByRole('button', { name: /Send Reply/ }).click();
  await expect(thread.getByText('Thanks Mia! Please try again now, it should finish.')).toBeVisible();

  // The member never reloaded: the public reply arrives over the socket, the note never does.
  const memberThread = member.page.getByRole('list', { name: 'Messages' });
  await expect(memberThread.getByText('Thanks Mia! Please try again now, it should finish.')).toBeVisible();
  await expect(memberThread.getByText('Support Team')).toBeVisible();
  await expect(member.page.getByText('Their upload hit the proxy timeout; check the logs.')).toHaveCount(0);
  await expect(memberThread.getByRole('listitem')).toHaveCount(1);
});
