import { expect } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wavFile } from '../server/test/media-fixtures';
import { beatThroughDialog, previewReady } from './support/beats';
import { signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

// Live collaborative sessions: two browsers join one session by its code and see it on the
// studio's timeline; the host presses play and the guest's transport follows; the guest records
// a take on their own track: the host sees it grow while it records, then the posted take lands
// as a clip where its start was stamped; the guest moves it and the host sees it move (and it
// stays there for a reload); both players follow the host's transport to the same position; chat
// arrives on the other side; the host deletes the take and it is gone for both, reloads too.

const dir = mkdtempSync(join(tmpdir(), 'beatroom-collab-'));
const beatWav = join(dir, 'beat.wav');
writeFileSync(beatWav, wavFile(8, 22_050));

test('two members join one session by code; the guest follows the host’s play, records a take the host sees grow and land on the guest’s track, moves it; chat crosses over; the host deletes it', async ({
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
  const guestTimeline = guestStudio.getByRole('region', { name: 'Timeline' });
  await expect(guestTimeline.getByRole('group', { name: 'Beat' })).toBeVisible();
  const guestTrack = guestTimeline.getByRole('group', { name: 'Track 2 · Gus Guest' });
  await expect(guestTrack.getByText('Gus Guest')).toBeVisible();
  // Record only on one's own track.
  await expect(guestTrack.getByRole('button', { name: 'Record' })).toBeVisible();
  await expect(
    guestTimeline.getByRole('group', { name: 'Track 1 · Hana Host' }).getByRole('button', { name: 'Record' }),
  ).toHaveCount(0);
  await expect(guestStudio.getByRole('button', { name: 'Play' })).toHaveCount(0);
  // The host sees the guest arrive live, and their track on the timeline.
  await expect(
    hostStudio
      .getByRole('region', { name: 'Participants' })
      .getByRole('button', { name: 'Remove Gus Guest' }),
  ).toBeVisible();
  const hostTimeline = hostStudio.getByRole('region', { name: 'Timeline' });
  const guestTrackAtHost = hostTimeline.getByRole('group', { name: 'Track 2 · Gus Guest' });
  await expect(guestTrackAtHost).toBeVisible();
  await expect(guestTrackAtHost.getByRole('button', { name: 'Record' })).toHaveCount(0);

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
  // Both players stand where the host paused.
  const hostPosition = hostStudio.getByRole('status', { name: 'Transport' }).getByLabel('Position');
  const pausedAt = (await hostPosition.textContent())!;
  await expect(guestTransport.getByLabel('Position')).toHaveText(pausedAt);
  const hostPlayhead = hostTimeline.getByLabel('Playhead');
  const guestPlayhead = guestTimeline.getByLabel('Playhead');
  await expect(hostPlayhead).toHaveText(pausedAt);
  await expect(guestPlayhead).toHaveText(pausedAt);

  // --- The guest records a take on their track: it lands where the transport stood -----------
  await guestTrack.getByRole('button', { name: 'Record' }).click();
  const stop = guestTrack.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeVisible({ timeout: 15_000 });
  // The guest hears the session from where the take starts, and the playhead moves on with it.
  await expect(guestPlayhead).not.toHaveText(pausedAt, { timeout: 10_000 });
  const onward = (await guestPlayhead.textContent())!;
  await expect(guestPlayhead).not.toHaveText(onward, { timeout: 10_000 });
  // Before anything is uploaded, the host sees the take growing on the guest's track.
  const growing = guestTrackAtHost.getByRole('img', { name: 'Recording…' });
  await expect(growing).toBeVisible({ timeout: 10_000 });
  await expect(growing).toHaveAccessibleDescription(new RegExp(`^Lane 1, ${pausedAt} to `));
  const grownTo = (await growing.getAttribute('aria-description'))!;
  await expect(growing).not.toHaveAccessibleDescription(grownTo, { timeout: 10_000 });
  await host.page.screenshot({ path: test.info().outputPath('host-sees-take-growing.png') });
  await stop.click();
  await expect(guest.page.getByText('Take saved on track 2')).toBeVisible({ timeout: 60_000 });
  const hostClip = guestTrackAtHost.getByRole('button', { name: 'Take 1' });
  await expect(hostClip).toBeVisible({ timeout: 20_000 });
  await expect(hostClip).toHaveAccessibleDescription(new RegExp(`^Lane 1, ${pausedAt} to \\d+:\\d\\d$`));
  const placed = (await hostClip.getAttribute('aria-description'))!;
  await expect(guestTrack.getByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(placed);
  // The posted take replaced the growing one.
  await expect(growing).toHaveCount(0);
  // Only the guest's track holds it.
  await expect(
    hostTimeline.getByRole('group', { name: 'Track 1 · Hana Host' }).getByRole('button', { name: 'Take 1' }),
  ).toHaveCount(0);
  await host.page.screenshot({ path: test.info().outputPath('host-sees-guest-take.png') });
  await guest.page.screenshot({ path: test.info().outputPath('guest-take.png') });

  // --- The guest moves the take later by the snap step (a beat): the host sees it move ----------
  const guestClip = guestTrack.getByRole('button', { name: 'Take 1' });
  await guestClip.focus();
  let moved = placed;
  for (let step = 0; step < 6 && moved === placed; step++) {
    const answered = guest.page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && /\/takes\/[0-9a-f-]{36}$/.test(r.url()),
    );
    await guest.page.keyboard.press('ArrowRight');
    expect((await answered).status()).toBe(200);
    // A beat's step can stay within the second the description shows (0:05.2 → 0:05.8): then the
    // next step is taken.
    await expect(guestClip)
      .not.toHaveAccessibleDescription(moved, { timeout: 3_000 })
      .catch(() => undefined);
    moved = (await guestClip.getAttribute('aria-description'))!;
  }
  expect(moved).not.toBe(placed);
  await expect(hostClip).toHaveAccessibleDescription(moved);
  // The host cannot move the guest's take.
  await hostClip.focus();
  await host.page.keyboard.press('ArrowRight');
  await expect(hostClip).toHaveAccessibleDescription(moved);

  // --- Back to the start and play: both players follow the host's transport from 0 ------------
  await hostStudio.getByRole('button', { name: 'Back to start' }).click();
  await expect(hostPlayhead).toHaveText('0:00');
  await expect(guestPlayhead).toHaveText('0:00');
  await hostStudio.getByRole('button', { name: 'Play' }).click();
  await expect(guestTransport).toContainText('Playing');
  await expect(guestPlayhead).not.toHaveText('0:00', { timeout: 10_000 });
  await hostStudio.getByRole('button', { name: 'Pause' }).click();
  await expect(guestTransport).toContainText('Paused');
  const stoppedAt = (await hostPosition.textContent())!;
  await expect(hostPlayhead).toHaveText(stoppedAt);
  await expect(guestPlayhead).toHaveText(stoppedAt);

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
  // The take stays with the session: after a reload it is back where the guest moved it.
  await expect(guestTrack.getByRole('button', { name: 'Take 1' })).toHaveAccessibleDescription(moved);

  // --- The host deletes the guest's take: gone for both, and after a reload -----------------
  await hostClip.click();
  await hostStudio.getByRole('button', { name: 'Delete clip' }).click();
  await expect(hostClip).toHaveCount(0);
  await expect(guestTrack.getByRole('button', { name: 'Take 1' })).toHaveCount(0);
  await host.page.reload();
  await guest.page.reload();
  await expect(guestTrack).toBeVisible({ timeout: 30_000 });
  await expect(guestTrackAtHost).toBeVisible({ timeout: 30_000 });
  await expect(guestTrackAtHost.getByRole('button', { name: /^Take/ })).toHaveCount(0);
  await expect(guestTrack.getByRole('button', { name: /^Take/ })).toHaveCount(0);

  // --- The host ends the session: the guest's page says so -------------------------------------
  await hostStudio.getByRole('button', { name: 'End Session' }).click();
  await host.page.waitForURL('**/collaborations');
  await expect(guest.page.getByRole('heading', { name: 'Session Not Found' })).toBeVisible();
});
