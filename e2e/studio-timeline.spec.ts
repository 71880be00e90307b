import { expect, type Page } from '@playwright/test';
import config from '../playwright.config';
import { beatThroughApi, previewReady } from './support/beats';
import { useFakeMicrophone } from './support/fake-microphone';
import { expectTakeFilesPlay, saveReloadAndLoad } from './support/studio-takes';
import { signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

// The studio's timeline in a real browser: two passes recorded over a loop land on two lanes of
// Track 1 with their waveforms, half of each is comped, a clip is trimmed and the trim undone,
// the takes (kept as private files) come back with their sound after a reload, the arrangement
// is exported as a 24-bit WAV and saved as a vocal cover that then plays on the beat's page. Chromium's fake microphone plays a WAV file.

useFakeMicrophone(config.use?.launchOptions, 'beatroom-timeline-');

const TITLE = 'Timeline Groove';
const COVER = `${TITLE} - Vocal Cover`;

/** A beat uploaded through the API by the producer's page, once its preview plays; its id. */
async function playableBeat(page: Page): Promise<string> {
  // 200 BPM: a bar is 1.2 s, so the default 4-bar loop is 4.8 s.
  const id = await beatThroughApi(page, { title: TITLE, bpm: 200 });
  await previewReady(page, id);
  return id;
}

test('two passes over a loop, comped, trimmed and undone, reloaded with their sound, exported as WAV and saved as a cover that plays', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const producer = await signInNewContext(browser, 'timeline-producer@example.com', 'Tim Producer');
  const beatId = await playableBeat(producer.page);
  await producer.page.context().close();

  const { page } = await signInNewContext(browser, 'timeline-vocalist@example.com', 'Lane Singer');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/studio/${beatId}`);
  const desk = page.getByRole('region', { name: 'Recording Console' });
  await expect(desk.getByText('Put on headphones, then start recording.')).toBeVisible({ timeout: 30_000 });
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('group', { name: 'Beat' })).toBeVisible();
  const track = timeline.getByRole('group', { name: 'Track 1' });

  // --- Record two passes over the loop (no count-in) ------------------------------------------
  await page.getByRole('switch', { name: 'Count-in' }).click();
  await timeline.getByRole('button', { name: 'Loop' }).click();
  await expect(timeline.getByRole('button', { name: 'Loop' })).toHaveAttribute('aria-pressed', 'true');
  await desk.getByRole('button', { name: 'Start Recording' }).click();
  await expect(desk.getByRole('timer', { name: 'Recording time' })).toHaveText(/^0:0[5-9]$/, {
    timeout: 20_000,
  });
  await page.screenshot({ path: test.info().outputPath('recording-live.png') });
  await expect(desk.getByRole('timer', { name: 'Recording time' })).toHaveText(/^0:(09|1\d)$/, {
    timeout: 20_000,
  });
  await desk.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(desk.getByRole('button', { name: 'Play Back' })).toBeVisible();
  const clips = track.getByRole('button', { name: 'Take 1' });
  // The first pass starts when the recorder did (aligned to the beat); every pass ends at the loop's end.
  await expect(clips.first()).toHaveAccessibleDescription(/^Lane 1, 0:0\d to 0:04$/);
  await expect(clips.nth(1)).toHaveAccessibleDescription(/^Lane 2, 0:00 to 0:04$/);
  const passes = await clips.count();
  expect(passes).toBeGreaterThanOrEqual(2);

  // --- Comp: the first half from pass 1, the second from pass 2 -------------------------------
  // The playhead to 2.4 s (2 bars): a click on the beat's lane, 40 px a second after the header.
  const beatLane = timeline.getByRole('group', { name: 'Beat' });
  await beatLane.click({ position: { x: 208 + 2.4 * 40, y: 20 } });
  await expect(timeline.getByLabel('Playhead')).toHaveText('0:02');
  await clips.nth(0).click();
  await timeline.getByRole('button', { name: 'Split' }).click();
  // After the split, the second pass is the third clip in the list.
  await clips.nth(2).click();
  await timeline.getByRole('button', { name: 'Split' }).click();
  await expect(clips).toHaveCount(passes + 2);
  await clips.nth(0).click();
  await timeline.getByRole('button', { name: 'Comp' }).click();
  await clips.nth(3).click();
  await timeline.getByRole('button', { name: 'Comp' }).click();

  // --- Trim the end of the second half, then undo the trim ------------------------------------
  const last = clips.nth(3);
  const before = await last.getAttribute('aria-description');
  await last.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowLeft');
  await expect(last).not.toHaveAttribute('aria-description', before!);
  await page.screenshot({ path: test.info().outputPath('timeline-comped-trimmed.png') });
  for (let i = 0; i < 6; i++) await timeline.getByRole('button', { name: 'Undo' }).click();
  await expect(last).toHaveAttribute('aria-description', before!);
  await expect(timeline.getByRole('button', { name: 'Redo' })).toBeEnabled();
  await timeline.screenshot({ path: test.info().outputPath('timeline.png') });

  // --- The takes are files: saved as a session and reloaded, every clip is back with its sound --
  await saveReloadAndLoad(page, track, 'Loop takes');
  await expectTakeFilesPlay(page, beatId);
  await timeline.screenshot({ path: test.info().outputPath('timeline-reloaded.png') });

  // --- Export the arrangement as WAV 24-bit, then save it as a public cover --------------------
  await expect(timeline.getByRole('combobox', { name: 'Export format' })).toHaveValue('wav');
  await timeline.getByRole('button', { name: 'Export' }).click();
  await expect(timeline.getByRole('button', { name: 'Download export' })).toBeVisible({ timeout: 60_000 });
  const download = page.waitForEvent('download');
  await timeline.getByRole('button', { name: 'Download export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${COVER}.wav`);
  await timeline.getByRole('button', { name: 'Save as cover' }).click();
  const save = page.getByRole('dialog', { name: 'Save Recording' });
  await save.getByRole('switch', { name: 'Make recording public' }).click();
  await save.getByRole('button', { name: 'Save Recording' }).click();
  await page.waitForURL(`**/beat/${beatId}`, { timeout: 60_000 });

  // --- It plays on the beat's page ------------------------------------------------------------
  const covers = page.getByRole('region', { name: 'Community Vocal Covers' });
  await covers.getByRole('button', { name: `Play ${COVER}` }).click();
  await expect(covers.getByRole('button', { name: `Pause ${COVER}` })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('cover-playing.png') });
});
