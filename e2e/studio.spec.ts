import { expect, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import config from '../playwright.config';
import { wavFile } from '../server/test/media-fixtures';
import { beatThroughDialog, previewReady } from './support/beats';
import { useFakeMicrophone } from './support/fake-microphone';
import { signInNewContext } from './support/sign-in';
import { shownDuring } from './support/transient';
import { test } from './support/journey-test';

// The vocal studio in Chromium with a fake microphone fed from a WAV file: the take
// is a real MediaRecorder recording of that file, uploaded to the real server.

// A steady tone as the "voice": Chromium loops the file as the microphone's input.
const dir = useFakeMicrophone(config.use?.launchOptions, 'beatroom-studio-');
const beatWav = join(dir, 'beat.wav');
writeFileSync(beatWav, wavFile(8, 22_050));

const TITLE = 'Studio Night';

/** A meter's value, 0-100. */
async function meterValue(page: Page, name: string): Promise<number> {
  return Number(await page.getByRole('meter', { name }).getAttribute('aria-valuenow'));
}

test('a vocalist counts in, records 3 s, plays it back and saves it as a public cover; a session auto-saves a change', async ({
  browser,
}) => {
  test.setTimeout(600_000);

  // --- A producer uploads a beat and its preview is rendered ---------------------------------
  const producer = await signInNewContext(browser, 'studio-producer@example.com', 'Stu Producer');
  const beatId = await beatThroughDialog(producer.page, beatWav, TITLE, '10');
  await previewReady(producer.page, beatId);

  // --- A vocalist opens the studio from the beat page ----------------------------------------
  const vocalist = await signInNewContext(browser, 'studio-vocalist@example.com', 'Viv Vocalist');
  const page = vocalist.page;
  await page.goto(`/beat/${beatId}`);
  await page.getByRole('button', { name: 'Record Vocals' }).click();
  await page.waitForURL(`**/studio/${beatId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Studio Pro' })).toBeVisible();
  const desk = page.getByRole('region', { name: 'Recording Console' });
  await expect(desk.getByText('Put on headphones, then start recording.')).toBeVisible({ timeout: 30_000 });
  // The fake microphone reaches the input meter.
  await expect.poll(() => meterValue(page, 'Input level'), { timeout: 10_000 }).toBeGreaterThan(0);

  // --- Count-in, record 3 s, stop ------------------------------------------------------------
  // The count-in lasts 2 bars of 4 beats at 120 bpm (the beat has no tempo): 4 s.
  await expect(page.getByLabel('Count-in bars')).toHaveValue('2');
  await Promise.all([
    expect(desk.getByText(/^Count-in: [1-8…]$/)).toBeVisible(),
    desk.getByRole('button', { name: 'Start Recording' }).click(),
  ]);
  await expect(desk.getByRole('button', { name: 'Stop Recording' })).toBeVisible({ timeout: 10_000 });
  await expect(desk.getByRole('timer', { name: 'Recording time' })).toHaveText(/^0:0[3-9]$/, {
    timeout: 15_000,
  });
  await desk.getByRole('button', { name: 'Stop Recording' }).click();

  // --- Play back through the chain, with the beat ----------------------------------------------
  await desk.getByRole('button', { name: 'Play Back' }).click();
  await expect(desk.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => meterValue(page, 'Output level'), { timeout: 10_000 }).toBeGreaterThan(0);
  await desk.getByRole('button', { name: 'Pause' }).click();
  await expect(desk.getByRole('button', { name: 'Play Back' })).toBeVisible();

  // --- Save it as a public cover: it shows on the beat page and plays --------------------------
  await desk.getByRole('button', { name: 'Save Recording' }).click();
  const save = page.getByRole('dialog', { name: 'Save Recording' });
  await expect(save.getByLabel('Recording name')).toHaveValue(`${TITLE} - Vocal Cover`);
  await save.getByRole('switch', { name: 'Make recording public' }).click();
  await shownDuring(async () => {
    await save.getByRole('button', { name: 'Save Recording' }).click();
    await page.waitForURL(`**/beat/${beatId}`);
  }, page.getByText('Recording saved successfully!'));
  const covers = page.getByRole('region', { name: 'Community Vocal Covers' });
  const play = covers.getByRole('button', { name: `Play ${TITLE} - Vocal Cover` });
  await expect(play).toBeVisible();
  const audio = page.waitForResponse((response) => /\/api\/recordings\/[^/]+\/audio$/.test(response.url()));
  await play.click();
  expect((await audio).status()).toBeLessThan(400);
  await expect(covers.getByRole('button', { name: `Pause ${TITLE} - Vocal Cover` })).toBeVisible();

  // --- Save a session, change a slider, reload: the change was auto-saved ----------------------
  await page.goto(`/studio/${beatId}`);
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.getByRole('button', { name: 'Save Session' }).click();
  const saveSession = page.getByRole('dialog', { name: 'Save Session' });
  await saveSession.getByLabel('Session name').fill('Late take');
  await shownDuring(
    () => saveSession.getByRole('button', { name: 'Save Session' }).click(),
    page.getByText('Session saved successfully!'),
  );
  await expect(sessions.getByText('Auto-saving')).toBeVisible();

  const autoSaved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && /\/api\/studio\/sessions\//.test(response.url()),
  );
  await page.getByRole('slider', { name: 'Reverb' }).fill('77');
  expect((await autoSaved).status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Studio Pro' })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Reverb' })).toHaveValue('20');
  await shownDuring(
    () => sessions.getByRole('button', { name: 'Load Late take' }).click(),
    page.getByText('Session "Late take" loaded successfully!'),
  );
  await expect(page.getByRole('slider', { name: 'Reverb' })).toHaveValue('77');
});
