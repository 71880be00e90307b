import { expect, type Page } from '@playwright/test';
import config from '../playwright.config';
import { beatThroughApi, previewReady } from './support/beats';
import { useFakeMicrophone } from './support/fake-microphone';
import { signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

// A vocalist keeps their takes: leaving the studio with an unsaved take asks first (a link,
// Back, reloading the tab), a reload offers the take again from IndexedDB, and a take saved
// private is published later from My Recordings (and unpublished), showing under the beat's
// vocal covers only while it is public. Chromium's fake microphone plays a WAV file.

useFakeMicrophone(config.use?.launchOptions, 'beatroom-takes-');

const TITLE = 'Keeper Groove';
const TAKE = `${TITLE} - Vocal Cover`;

/** A beat uploaded through the API by the producer's page, once its preview plays; its id. */
async function playableBeat(page: Page): Promise<string> {
  const id = await beatThroughApi(page, { title: TITLE });
  await previewReady(page, id);
  return id;
}

test('an unsaved take asks before leaving, survives a reload, is saved private, then published and unpublished from My Recordings', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const producer = await signInNewContext(browser, 'keeper-producer@example.com', 'Kim Keeper');
  const beatId = await playableBeat(producer.page);
  await producer.page.context().close();

  const { page } = await signInNewContext(browser, 'keeper-vocalist@example.com', 'Val Takes');
  await page.goto(`/beat/${beatId}`);
  await page.getByRole('button', { name: 'Record Vocals' }).click();
  await page.waitForURL(`**/studio/${beatId}`);
  const desk = page.getByRole('region', { name: 'Recording Console' });
  await expect(desk.getByText('Put on headphones, then start recording.')).toBeVisible({ timeout: 30_000 });

  // --- Record a take (no count-in) -------------------------------------------------------------
  await page.getByRole('switch', { name: 'Count-in' }).click();
  await desk.getByRole('button', { name: 'Start Recording' }).click();
  await expect(desk.getByRole('timer', { name: 'Recording time' })).toHaveText(/^0:0[2-9]$/, {
    timeout: 15_000,
  });
  await desk.getByRole('button', { name: 'Stop Recording' }).click();
  await expect(desk.getByRole('button', { name: 'Play Back' })).toBeVisible();

  // --- A link out asks; Stay keeps the take --------------------------------------------------
  const ask = page.getByRole('dialog', { name: 'Leave the studio?' });
  await page.getByRole('link', { name: TITLE }).click();
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Your take is not saved.');
  await page.screenshot({ path: test.info().outputPath('leave-dialog.png') });
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/studio/${beatId}$`));
  await expect(desk.getByRole('button', { name: 'Play Back' })).toBeVisible();

  // --- Back asks too -------------------------------------------------------------------------
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/${beatId}$`));

  // --- Reloading asks the browser's own question; the take is offered again -----------------
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  const offer = page.getByRole('region', { name: 'Unsaved take' });
  await expect(offer).toContainText('You have an unsaved take');
  await expect(offer).toContainText(TAKE);
  await page.screenshot({ path: test.info().outputPath('restore-offer.png') });
  await expect(desk.getByText('Put on headphones, then start recording.')).toBeVisible({ timeout: 30_000 });
  await offer.getByRole('button', { name: 'Restore take' }).click();
  await expect(offer).toBeHidden();
  await desk.getByRole('button', { name: 'Play Back' }).click();
  await expect(desk.getByRole('button', { name: 'Pause' })).toBeVisible();
  await desk.getByRole('button', { name: 'Pause' }).click();

  // --- Saved private: it leaves without asking, and is not a cover ---------------------------
  await desk.getByRole('button', { name: 'Save Recording' }).click();
  const save = page.getByRole('dialog', { name: 'Save Recording' });
  await expect(save.getByRole('switch', { name: 'Make recording public' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await save.getByRole('button', { name: 'Save Recording' }).click();
  await page.waitForURL(`**/beat/${beatId}`);
  await expect(ask).toBeHidden();
  const covers = page.getByRole('region', { name: 'Community Vocal Covers' });
  await expect(covers.getByText('No vocal covers yet')).toBeVisible();

  // Saved means nothing is offered any more.
  await page.goto(`/studio/${beatId}`);
  await expect(desk.getByText('Put on headphones, then start recording.')).toBeVisible({ timeout: 30_000 });
  await expect(offer).toBeHidden();

  // --- Published from My Recordings: it shows under the beat's covers ------------------------
  await page.goto('/my-recordings');
  const list = page.getByRole('list', { name: 'My Recordings' });
  await expect(list.getByText('Private')).toBeVisible();
  await list.getByRole('button', { name: `Publish ${TAKE}` }).click();
  await expect(list.getByText('Public', { exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: `Unpublish ${TAKE}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('my-recordings-published.png') });
  await page.getByRole('link', { name: TITLE }).click();
  await page.waitForURL(`**/beat/${beatId}`);
  await expect(covers.getByRole('button', { name: `Play ${TAKE}` })).toBeVisible();

  // --- Unpublished: gone from the covers again -----------------------------------------------
  await page.goto('/my-recordings');
  await list.getByRole('button', { name: `Unpublish ${TAKE}` }).click();
  await expect(list.getByText('Private')).toBeVisible();
  await page.getByRole('link', { name: TITLE }).click();
  await page.waitForURL(`**/beat/${beatId}`);
  await expect(covers.getByText('No vocal covers yet')).toBeVisible();
});
