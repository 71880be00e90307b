import { expect, type Page } from '@playwright/test';
import { wavFile } from '../../server/test/media-fixtures';

export const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Waits until the server rendered the beat's preview (and the renditions licences deliver). */
export async function previewReady(page: Page, beatId: string, timeout = 60_000) {
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/beats/${beatId}`)).json()) as { preview_status: string })
          .preview_status,
      { timeout, message: 'the preview to be rendered' },
    )
    .toBe('ready');
}

export interface ApiBeat {
  title: string;
  /** Trap unless named. */
  genre?: string;
  bpm?: number;
  price_cents?: number;
  description?: string;
  cover_image_key?: string;
}

/**
 * A Trap beat created through the API by whoever `page` is signed in as, its audio a WAV of
 * `seconds`; answers its id (the preview still renders: see previewReady).
 */
export async function beatThroughApi(page: Page, fields: ApiBeat, seconds = 8): Promise<string> {
  const audio = await page.request.post('/api/upload/audio', {
    multipart: { audio: { name: 'beat.wav', mimeType: 'audio/wav', buffer: wavFile(seconds, 22_050) } },
  });
  expect(audio.ok(), await audio.text()).toBe(true);
  const beat = await page.request.post('/api/beats', {
    data: { genre: 'Trap', ...fields, audio_file_key: ((await audio.json()) as { key: string }).key },
  });
  expect(beat.ok(), await beat.text()).toBe(true);
  return ((await beat.json()) as { id: string }).id;
}

/**
 * Uploads a Trap beat through the Upload dialog (file, title, price in dollars) and answers its
 * id from the beat page the upload lands on.
 */
export async function beatThroughDialog(page: Page, file: string, title: string, price: string) {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Beat' });
  await upload.getByLabel('Audio file').setInputFiles(file);
  await upload.getByLabel('Title').fill(title);
  await upload.getByLabel('Genre').selectOption('Trap');
  await upload.getByLabel('Price (USD)', { exact: true }).fill(price);
  await upload.getByRole('button', { name: 'Upload Beat' }).click();
  await page.waitForURL(new RegExp(`/beat/${UUID.source}$`));
  return new URL(page.url()).pathname.split('/').pop()!;
}
