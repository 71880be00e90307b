import { expect, test, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import config from '../../playwright.desktop.config';
import { wavFile } from '../../server/test/media-fixtures';
import { beatThroughApi, previewReady } from '../support/beats';
import { useFakeMicrophone } from '../support/fake-microphone';
import { chooseInDialog, desktopSignIn, harness, harnessUserData, website } from './desktop-harness';

// The desktop app's screens in Chromium against main's real services (desktop/harness): the
// deep-link sign-in, the library mirror, downloads into the library, the upload and take queues
// while the server is away, and main killed with SIGKILL in the middle of an upload and in the
// middle of a take on the studio's timeline. One harness: the journeys run in order and share
// the signed-in app (the producer's, until the vocalist of the last journey signs in).

test.describe.configure({ mode: 'serial' });

const dir = useFakeMicrophone(config.use?.launchOptions, 'beatroom-desktop-e2e-');

/**
 * The journeys' people. A retry of the group (CI grants one) runs from the first journey against
 * the same server, whose database remembers the first try's beats and takes: it signs in as new
 * people, on a library main starts afresh.
 */
function person(handle: string, name: string) {
  return {
    get email() {
      const retry = test.info().retry;
      return retry ? `${handle}.retry${retry}@example.com` : `${handle}@example.com`;
    },
    name,
  };
}
const PRODUCER = person('desk.producer', 'Dee Desk');
const SELLER = person('desk.seller', 'Sal Seller');
const VOCALIST = person('desk.vocalist', 'Vi Vocalist');

/** An upload in the Library's queue (not the beat it becomes under My Beats). */
function queued(page: Page, title: string) {
  return page
    .locator('section[aria-labelledby="library-uploads"]')
    .getByRole('listitem')
    .filter({ hasText: title });
}

/** The upload queue as main's real handler answers it. */
function uploads(page: Page): Promise<{ title: string; state: string }[]> {
  return page.evaluate(() =>
    (
      window as unknown as { beatroom: { uploads: { list(): Promise<{ title: string; state: string }[]> } } }
    ).beatroom.uploads.list(),
  );
}

/** Fills the Library's upload form (its audio already chosen) and queues it. */
async function queueUpload(page: Page, title: string) {
  const form = page.locator('section[aria-labelledby="library-uploads"] form');
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('combobox', { name: 'Genre' }).selectOption('Trap');
  await form.getByRole('button', { name: 'Add to upload queue' }).click();
}

/** The producer's beats with this title, as the website lists them. */
async function beatsTitled(page: Page, userId: string, title: string): Promise<number> {
  const answer = await page.request.get(`/api/users/${userId}/beats?sort=newest`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { title: string }[]).filter((beat) => beat.title === title).length;
}

let producerId = '';
/** The producer on the website, signed in once (the session outlives the server's restarts). */
let site: Page;

test('sign in through the deep link, the library mirrors the producer’s beats, a purchased WAV is saved into the library and plays from the local file', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // The first try's session, takes and downloads are in main's library: a retry starts on a new one.
  if (test.info().retry) await harness('start-main-afresh');
  site = await website(browser, PRODUCER.email, PRODUCER.name);
  producerId = ((await (await site.request.get('/api/users/me')).json()) as { id: string }).id;
  await beatThroughApi(site, { title: 'Mirror Street' }, 4);
  await beatThroughApi(site, { title: 'Glass Avenue' }, 4);

  await desktopSignIn(page, PRODUCER.email, PRODUCER.name);
  await page.goto('/#/library');
  await expect(page.getByRole('heading', { name: 'My Beats (2)' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Mirror Street')).toBeVisible();
  await expect(page.getByText('Glass Avenue')).toBeVisible();

  // --- A seller's beat, bought on the website (the local checkout), downloaded in the app -----
  const seller = await website(browser, SELLER.email, SELLER.name);
  const soldId = await beatThroughApi(seller, { title: 'Harbour Wav', price_cents: 1250 }, 4);
  await previewReady(seller, soldId, 90_000);
  await site.goto(`/beat/${soldId}`);
  await site.getByRole('button', { name: 'Buy Harbour Wav, $12.50' }).click();
  const purchase = site.getByRole('dialog', { name: 'Purchase Beat' });
  const premium = site.getByRole('radio', { name: 'Premium licence, $25.00' });
  await purchase.locator('label').filter({ has: premium }).click();
  await purchase.getByRole('button', { name: 'Purchase', exact: true }).click();
  await site.getByRole('button', { name: 'Pay $25.00' }).click();
  await expect(site.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

  await page.goto('/#/downloads?tab=purchases');
  const row = page
    .getByRole('list', { name: 'Purchases' })
    .getByRole('listitem')
    .filter({ hasText: 'Harbour Wav' });
  await row.getByRole('button', { name: 'Download Harbour Wav' }).click();
  await page.getByRole('menuitem', { name: 'Download WAV' }).click();
  // Main saved it into the library's downloads folder and lists it among the saved files.
  await expect
    .poll(
      async () => {
        const listing = (await page.evaluate(() =>
          (
            window as unknown as { beatroom: { library: { list(q: object): Promise<unknown> } } }
          ).beatroom.library.list({}),
        )) as { savedFiles: { name: string }[] };
        return listing.savedFiles.map((file) => file.name).join(',');
      },
      { timeout: 30_000 },
    )
    .toMatch(/\.wav$/);
  const libraryDir = await harnessUserData();
  const downloads = readdirSync(join(libraryDir, 'library', 'downloads'));
  expect(downloads).toHaveLength(1);
  expect(downloads[0]).toMatch(/\.wav$/);
  const wav = readFileSync(join(libraryDir, 'library', 'downloads', downloads[0]!));
  expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');

  await page.goto('/#/library');
  const saved = page.locator('section[aria-labelledby="library-saved"]');
  const file = saved.getByRole('listitem').filter({ hasText: downloads[0]! });
  await expect(file).toHaveCount(1);

  // Open hands the file to "the default app": a tab that plays the local WAV.
  const player = page.context().waitForEvent('page');
  await file.getByRole('button', { name: 'Open' }).click();
  const tab = await player;
  await tab.waitForLoadState();
  const media = tab.locator('video, audio');
  await expect(media).toHaveCount(1);
  await expect
    .poll(() => media.evaluate((element: HTMLMediaElement) => element.duration), { timeout: 10_000 })
    .toBeGreaterThan(3);
  const played = await tab.evaluate(
    async () => new Uint8Array(await (await fetch(location.href)).arrayBuffer()).length,
  );
  expect(played).toBe(wav.length);
  await tab.close();
});

test('the settings and microphone screens work against main’s real handlers', async ({ page }) => {
  await page.goto('/#/library');
  const microphone = page.locator('section[aria-labelledby="library-microphone"]');
  await expect(microphone.getByRole('status')).toBeVisible();
  const input = microphone.getByRole('combobox');
  await expect(input).toBeVisible();
  const choices = await input.locator('option').allTextContents();
  expect(choices[0]).toBe('System default');
  if (choices.length > 1) {
    await input.selectOption({ index: 1 });
    await page.reload();
    await expect(
      page.locator('section[aria-labelledby="library-microphone"]').getByRole('combobox'),
    ).not.toHaveValue('');
  }

  await page.goto('/#/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('an upload made while the server is unreachable waits with its retry time and is sent exactly once when it returns', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const audio = join(dir, 'offline-groove.wav');
  writeFileSync(audio, wavFile(4, 22_050));
  await page.goto('/#/library');
  await expect(page.getByRole('button', { name: new RegExp(`^${PRODUCER.name}, user menu`) })).toBeVisible();

  await harness('stop-server');
  try {
    await page.getByRole('button', { name: 'Choose audio…' }).click();
    await chooseInDialog(page, 'audio', audio);
    await queueUpload(page, 'Offline Groove');
    const item = queued(page, 'Offline Groove');
    await expect(item).toContainText('Failed', { timeout: 20_000 });
    await expect(item).toContainText(/Beatroom will try again by itself at .+\./);
    await expect(item.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  } finally {
    await harness('start-server');
  }
  const item = queued(page, 'Offline Groove');
  await expect(item).toContainText('Uploaded', { timeout: 120_000 });

  expect(await beatsTitled(site, producerId, 'Offline Groove')).toBe(1);
  await site.goto(`/profile/${producerId}`);
  await expect(site.getByText('Offline Groove')).toBeVisible({ timeout: 30_000 });
});

test('main killed with SIGKILL in the middle of an upload resumes it after a restart: the server holds one beat', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // Large enough that the kill lands while it is on its way: 9 minutes of mono 16-bit audio,
  // about 48 MB, just under the 50 MB an audio upload may be (on an idle machine a smaller file
  // was sent before the first look at the queue).
  const audio = join(dir, 'crash-course.wav');
  writeFileSync(audio, wavFile(540, 44_100));
  await page.goto('/#/library');
  await page.getByRole('button', { name: 'Choose audio…' }).click();
  await chooseInDialog(page, 'audio', audio);
  await queueUpload(page, 'Crash Course');
  // The kill lands while the upload is on its way: as soon as main says it is sending. On a
  // loaded machine one look at the queue can take longer than the whole upload; then the kill
  // lands after it, the run says so, and what is left to check is that the restart adds nothing.
  // With the three lanes on two cores one look has taken over 30 s.
  let state: string | undefined;
  await expect
    .poll(async () => (state = (await uploads(page)).find((item) => item.title === 'Crash Course')?.state), {
      intervals: [10],
      timeout: 120_000,
    })
    .toMatch(/^(uploading_audio|uploading_cover|creating|done)$/);
  if (state === 'done') {
    test.info().annotations.push({
      type: 'kill after the upload',
      description: 'the upload finished before main was seen sending it: no resume on this run',
    });
  }
  await harness('kill-main');
  await harness('start-main');
  await page.reload();
  const item = queued(page, 'Crash Course');
  // Resuming takes seconds even with the cores busy (a 48 MB upload again, the beat created with
  // the same idempotency key). A page still showing "Creating beat" after main finished is not
  // slowness: it is an older answer shown after a newer event (see stand-ins/window.ts).
  await expect(item).toContainText('Uploaded', { timeout: 120_000 });

  expect(await beatsTitled(site, producerId, 'Crash Course')).toBe(1);
});

test('a take recorded with the microphone while offline is kept in library/takes, sent once when the server returns, and shows in My Recordings', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const beatId = await beatThroughApi(site, { title: 'Take Me Home' }, 4);
  await previewReady(site, beatId, 90_000);

  await page.goto(`/#/studio/${beatId}`);
  const desk = page.getByRole('region', { name: 'Recording Console' });
  await expect(desk.getByText('Put on headphones, then start recording.')).toBeVisible({ timeout: 30_000 });
  const libraryDir = await harnessUserData();
  const takesDir = join(libraryDir, 'library', 'takes');

  await harness('stop-server');
  try {
    await page.getByRole('switch', { name: 'Count-in' }).click();
    await desk.getByRole('button', { name: 'Start Recording' }).click();
    await expect(desk.getByRole('timer', { name: 'Recording time' })).toHaveText(/^0:0[2-9]$/, {
      timeout: 15_000,
    });
    await desk.getByRole('button', { name: 'Stop Recording' }).click();
    await desk.getByRole('button', { name: 'Save Recording' }).click();
    const save = page.getByRole('dialog', { name: 'Save Recording' });
    await save.getByRole('button', { name: 'Save Recording' }).click();
    await expect(save).toBeHidden({ timeout: 20_000 });

    // Kept in the library and queued while the server is away.
    const takes = () =>
      page.evaluate(() =>
        (
          window as unknown as {
            beatroom: { uploads: { listTakes(): Promise<{ state: string; recordingName: string }[]> } };
          }
        ).beatroom.uploads.listTakes(),
      );
    await expect.poll(async () => (await takes()).map((take) => take.state)).toEqual(['failed']);
    const files = readdirSync(takesDir).filter((name) => name.endsWith('.webm') || name.endsWith('.wav'));
    expect(files).toHaveLength(1);
    expect(statSync(join(takesDir, files[0]!)).size).toBeGreaterThan(1000);
  } finally {
    await harness('start-server');
  }

  // Sent once the server is back (the queue's own retry), and listed in My Recordings.
  await expect
    .poll(
      async () => {
        const answer = await site.request.get('/api/recordings');
        if (!answer.ok()) return -1;
        const body = JSON.stringify(await answer.json());
        return body.split('Take Me Home').length - 1;
      },
      { timeout: 120_000, message: 'the take to reach the server' },
    )
    .toBeGreaterThan(0);
  await site.goto('/my-recordings');
  const list = site.getByRole('list', { name: 'My Recordings' });
  await expect(list.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await expect(list).toContainText('Take Me Home');
});

/** The recordings main's journal holds as under way, each with the bytes it has flushed. */
function journaled(userData: string): { id: string; committed: number }[] {
  const dir = join(userData, 'library', 'takes', 'timeline', 'recording');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const entry = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { committed: number };
      return { id: name.slice(0, -'.json'.length), committed: entry.committed };
    });
}

/**
 * Seconds of audio in the first `committed` bytes of the recording under way, decoded by
 * Chromium on `page` (a page of its own: the app's goes down with main). The recorder's bit rate
 * is Chromium's choice, so bytes alone do not say how long the take is.
 */
async function journaledSeconds(
  page: Page,
  userData: string,
  id: string,
  committed: number,
): Promise<number> {
  const part = readFileSync(join(userData, 'library', 'takes', 'timeline', 'recording', `${id}.part`));
  const bytes = [...part.subarray(0, committed)];
  return page.evaluate(async (data) => {
    try {
      const buffer = await new OfflineAudioContext(1, 48_000, 48_000).decodeAudioData(
        new Uint8Array(data).buffer,
      );
      return buffer.duration;
    } catch {
      return 0; // too little yet for a decodable file
    }
  }, bytes);
}

/** The timeline takes kept in the library: takes/timeline/<uuid>.<format>, named as the studio names them. */
function timelineTakes(userData: string): string[] {
  const dir = join(userData, 'library', 'takes', 'timeline');
  return existsSync(dir) ? readdirSync(dir).filter((name) => /\.(webm|wav)$/.test(name)) : [];
}

test('main killed with SIGKILL while a vocalist records on the timeline: the next start puts the take so far on the armed track, kept in the library and playable', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // A beat longer than the take, so the recording is still under way when main dies.
  const beatId = await beatThroughApi(site, { title: 'Cut Short' }, 20);
  await previewReady(site, beatId, 90_000);
  const userData = await harnessUserData();

  // The vocalist signs in to the app in the producer's place.
  await page.goto('/#/library');
  await page.getByRole('button', { name: new RegExp(`^${PRODUCER.name}, user menu`) }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await desktopSignIn(page, VOCALIST.email, VOCALIST.name);

  await page.goto(`/#/studio/${beatId}`);
  const desk = page.getByRole('region', { name: 'Recording Console' });
  await expect(desk.getByText('Put on headphones, then start recording.')).toBeVisible({ timeout: 30_000 });
  const track = page.getByRole('region', { name: 'Timeline' }).getByRole('group', { name: 'Track 1' });
  await expect(track.getByRole('button', { name: 'Arm for recording' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const keptBefore = timelineTakes(userData);

  // --- Recording (no count-in): each 100 ms chunk is journaled by main as it comes -------------
  await page.getByRole('switch', { name: 'Count-in' }).click();
  const startedAt = Date.now();
  await desk.getByRole('button', { name: 'Start Recording' }).click();
  const timer = desk.getByRole('timer', { name: 'Recording time' });
  await expect(timer).toHaveText(/^0:0[3-9]$/, { timeout: 20_000 });
  await expect
    .poll(() => journaled(userData).map((entry) => entry.committed > 0), { message: 'chunks on disk' })
    .toEqual([true]);
  // The timer runs ahead of the disk on a loaded machine (chunks reach main late): main dies only
  // once two seconds of the take are flushed, so the recovered take has something to be.
  const decoder = await browser.newPage();
  await expect
    .poll(
      async () => {
        const [entry] = journaled(userData);
        return entry ? journaledSeconds(decoder, userData, entry.id, entry.committed) : 0;
      },
      { message: 'two seconds of the take on disk', timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(2);
  await decoder.close();

  // --- Main dies mid-take; the app's window goes with it ---------------------------------------
  await harness('kill-main');
  // The take cannot be longer than the time from Start Recording to main's death (chunks keep
  // coming until then, however long a loaded machine takes to get there).
  const recordedAtMostS = (Date.now() - startedAt) / 1000;
  const journal = journaled(userData);
  expect(journal).toHaveLength(1);
  const { committed } = journal[0]!;
  const context = page.context();
  await page.close();
  await harness('start-main');

  // --- The next start: the studio over that beat has the take so far on the armed track --------
  const app = await context.newPage();
  await app.goto(`/#/studio/${beatId}`);
  await expect(app.getByText('A take cut short was recovered onto the timeline.')).toBeVisible({
    timeout: 30_000,
  });
  const timeline = app.getByRole('region', { name: 'Timeline' });
  const armed = timeline.getByRole('group', { name: 'Track 1' });
  await expect(armed.getByRole('button', { name: 'Arm for recording' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const clip = armed.getByRole('button', { name: /^Take \d+$/ });
  await expect(clip).toHaveCount(1);
  // Its audio came from main's library and decoded (a clip whose audio is missing says so).
  await expect(clip).toHaveAttribute('data-take-audio', 'ready', { timeout: 30_000 });
  const [, endS] =
    /^Lane 1, 0:00 to 0:(\d\d)$/.exec((await clip.getAttribute('aria-description')) ?? '') ?? [];
  expect(Number(endS)).toBeGreaterThanOrEqual(1);
  expect(Number(endS)).toBeLessThanOrEqual(recordedAtMostS + 1);

  // Kept in the library: one new take file, exactly what the journal had flushed; no journal left.
  const kept = timelineTakes(userData).filter((name) => !keptBefore.includes(name));
  expect(kept).toHaveLength(1);
  const id = kept[0]!;
  expect(id).toMatch(/^[0-9a-f-]{36}\.webm$/);
  expect(statSync(join(userData, 'library', 'takes', 'timeline', id)).size).toBe(committed);
  expect(journaled(userData)).toEqual([]);

  // Main reads it back as the studio does, and it is sound: seconds of the fake microphone's tone.
  const sound = await app.evaluate(async (takeId) => {
    const api = (
      window as unknown as {
        beatroom: { timeline: { readTake(q: { id: string }): Promise<{ audio: Uint8Array | null }> } };
      }
    ).beatroom;
    const { audio } = await api.timeline.readTake({ id: takeId });
    if (!audio) return null;
    const copy = audio.slice().buffer;
    const buffer = await new OfflineAudioContext(1, 48_000, 48_000).decodeAudioData(copy);
    let peak = 0;
    for (const sample of buffer.getChannelData(0)) peak = Math.max(peak, Math.abs(sample));
    return { bytes: audio.length, duration: buffer.duration, peak };
  }, id);
  expect(sound).not.toBeNull();
  expect(sound!.bytes).toBe(committed);
  expect(sound!.duration).toBeGreaterThan(1);
  expect(sound!.duration).toBeLessThan(recordedAtMostS + 1.5);
  expect(sound!.peak).toBeGreaterThan(0.01);

  // It plays on the timeline: stopped a moment later, the playhead is where playing got to.
  await timeline.getByRole('button', { name: 'Play timeline' }).click();
  const stop = timeline.getByRole('button', { name: 'Stop timeline' });
  await expect(stop).toBeVisible();
  await app.waitForTimeout(1500);
  await stop.click();
  await expect(timeline.getByLabel('Playhead')).toHaveText(/^0:0[1-9]$/);

  // Queued like any take: the server keeps it under the same id, for the vocalist only.
  const vocalist = await website(browser, VOCALIST.email, VOCALIST.name);
  await expect
    .poll(async () => (await vocalist.request.get(`/api/studio/takes/${id}/audio`)).status(), {
      timeout: 120_000,
      message: 'the recovered take to reach the server',
    })
    .toBe(200);
  expect((await site.request.get(`/api/studio/takes/${id}/audio`)).status()).not.toBe(200);
});
