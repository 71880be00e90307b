import { expect, test } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wavFile } from '../server/test/media-fixtures';
import { beatThroughDialog, previewReady } from './support/beats';
import { signInNewContext } from './support/sign-in';

// Live collaborative sessions: two browsers join one session by its code; the host
// presses play and the guest's transport follows; chat arrives on the other side.

const dir = mkdtempSync(join(tmpdir(), 'beatroom-collab-'));
const beatWav = join(dir, 'beat.wav');
writeFileSync(beatWav, wavFile(8, 22_050));

test('two members join one session by code; the guest follows the host’s play; chat crosses over', async ({
  browser,
}) => {
  test.setTimeout(300_000);

  // --- The host uploads a beat and opens a session over it ------------------------------------
  const host = await signInNewContext(browser, 'collab-host@example.com', 'Hana Host');
  const beatId = await beatThroughDialog(host.page, beatWav, 'Session Groove', '10');
  await previewReady(host.page, beatId);

  await host.page.goto(`/studio/collaborate/create?beat=${beatId}`);
  await host.page.waitForURL(/\/studio\/collaborate\/[A-Z2-9]{10}$/);
  const code = new URL(host.page.url()).pathname.split('/').pop()!;
  const hostStudio = host.page.getByRole('region', { name: 'Collaborative session' });
  await expect(hostStudio.getByRole('heading', { name: 'Session Groove Session' })).toBeVisible();
  await expect(hostStudio.getByText('Live', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(hostStudio.getByText(code)).toBeVisible();

  // --- A visitor with the link is asked to sign in; a wrong code is not found -----------------
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/studio/collaborate/${code}`);
  await expect(visitor.getByRole('heading', { name: 'Join Collaborative Session' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Sign In to Join' })).toBeVisible();
  await visitor.goto('/studio/collaborate/ABCDEFGHJK');
  await expect(visitor.getByRole('heading', { name: 'Session Not Found' })).toBeVisible();
  await expect(visitor.getByText('Session not found or has ended')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Browse Collaborations' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Go Home' })).toBeVisible();
  await visitorContext.close();

  // --- The guest joins by the code, on track 2 -------------------------------------------------
  const guest = await signInNewContext(browser, 'collab-guest@example.com', 'Gus Guest');
  await guest.page.goto(`/studio/collaborate/${code.toLowerCase()}`);
  const guestStudio = guest.page.getByRole('region', { name: 'Collaborative session' });
  await expect(guestStudio.getByText('Live', { exact: true })).toBeVisible({ timeout: 30_000 });
  const guestTrack = guestStudio.getByRole('listitem', { name: 'Track 2' });
  await expect(guestTrack.getByText('Gus Guest')).toBeVisible();
  // Record only on one's own track.
  await expect(guestTrack.getByRole('button', { name: 'Record' })).toBeVisible();
  await expect(
    guestStudio.getByRole('listitem', { name: 'Track 1' }).getByRole('button', { name: 'Record' }),
  ).toHaveCount(0);
  await expect(guestStudio.getByRole('button', { name: 'Play' })).toHaveCount(0);
  // The host sees the guest arrive live.
  await expect(
    hostStudio
      .getByRole('region', { name: 'Participants' })
      .getByRole('button', { name: 'Remove Gus Guest' }),
  ).toBeVisible();

  // --- The host presses play; the guest's transport follows ------------------------------------
  const guestTransport = guestStudio.getByRole('status', { name: 'Transport' });
  await expect(guestTransport).toContainText('Paused');
  await hostStudio.getByRole('button', { name: 'Play' }).click();
  await expect(hostStudio.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(guestTransport).toContainText('Playing');
  // The guest's position moves on with the host's timeline.
  await expect(guestTransport.getByLabel('Position')).not.toHaveText('0:00', { timeout: 5_000 });
  await hostStudio.getByRole('button', { name: 'Pause' }).click();
  await expect(guestTransport).toContainText('Paused');

  // --- Chat reaches the other side, and stays with the session ---------------------------------
  await guestStudio.getByLabel('Message', { exact: true }).fill('Ready for the hook?');
  await guestStudio.getByRole('button', { name: 'Send' }).click();
  const hostChat = hostStudio.getByRole('list', { name: 'Chat messages' });
  await expect(hostChat.getByText('Ready for the hook?')).toBeVisible();
  await hostStudio.getByLabel('Message', { exact: true }).fill('Go!');
  await hostStudio.getByRole('button', { name: 'Send' }).click();
  await expect(guestStudio.getByRole('list', { name: 'Chat messages' }).getByText('Go!')).toBeVisible();
  await guest.page.reload();
  await expect(
    guestStudio.getByRole('list', { name: 'Chat messages' }).getByText('Ready for the hook?'),
  ).toBeVisible();

  // --- The host ends the session: the guest's page says so -------------------------------------
  await hostStudio.getByRole('button', { name: 'End Session' }).click();
  await host.page.waitForURL('**/collaborations');
  await expect(guest.page.getByRole('heading', { name: 'Session Not Found' })).toBeVisible();
});
