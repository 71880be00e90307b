import { expect } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { signIn } from './support/sign-in';
import { test } from './support/journey-test';

// ---------------------------------------------------------------------------------------------
// Real files, made here: a short WAV sine tone and a PNG gradient.
// ---------------------------------------------------------------------------------------------

/** 16-bit mono PCM WAV: a sine with a gentle pulse, so the waveform has a shape. */
function sineWav(seconds: number, frequency = 220, sampleRate = 22_050): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / sampleRate;
    const pulse = 0.35 + 0.3 * Math.abs(Math.sin(Math.PI * 2 * t));
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * frequency * t) * pulse * 32_767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An RGB PNG with a violet-to-teal gradient. */
function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    rows[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      rows[i] = Math.round(120 + (100 * x) / width);
      rows[i + 1] = Math.round(40 + (160 * y) / height);
      rows[i + 2] = 220;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------

const TITLE = 'Zephyr Drill Sketch';
const NEW_TITLE = 'Zephyr Drill Final';

test('a producer uploads a beat; a listener finds, plays, favourites and rates it; the owner edits and deletes it', async ({
  page: producer,
  browser,
}) => {
  // Two signed-in browsers and some sixty steps: on a loaded CI machine each step can take 3–5 s.
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'beatroom-catalogue-'));
  const audioPath = join(dir, 'zephyr-demo.wav');
  const coverPath = join(dir, 'cover.png');
  // Half a minute: long enough that it is still playing when the journey pauses it, however slow
  // the machine.
  writeFileSync(audioPath, sineWav(30));
  writeFileSync(coverPath, gradientPng(1200, 900));
  const listenerContext = await browser.newContext();

  try {
    // --- The producer uploads through the header's Upload dialog ------------------------------
    await signIn(producer, 'maya@example.com', 'Maya Beats');
    await producer.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = producer.getByRole('dialog', { name: 'Upload Beat' });
    await expect(upload.getByRole('button', { name: 'Upload Beat' })).toBeDisabled();
    await expect(upload.getByText('Please select an audio file')).toBeVisible();

    await upload.getByLabel('Audio file').setInputFiles(audioPath);
    await expect(upload.getByLabel('Title')).toHaveValue('zephyr-demo'); // from the file name
    await upload.getByLabel('Title').fill(TITLE);
    await upload.getByLabel(/Cover image/).setInputFiles(coverPath);
    await upload.getByLabel('BPM').fill('142');
    await upload.getByLabel('Genre').selectOption('Drill');
    await upload.getByLabel('Key').selectOption('F#');
    await upload.getByLabel('Mood').selectOption('Mysterious');
    // Free is not ticked by default: giving a beat away is a choice.
    await expect(upload.getByLabel('Free', { exact: true })).not.toBeChecked();
    await upload.getByLabel('Price (USD)', { exact: true }).fill('12.50');
    await expect(upload.getByLabel('Free', { exact: true })).not.toBeChecked();
    await expect(upload.getByText('Maximum price: 100.00')).toBeVisible();
    await upload.getByLabel('Description').fill('Sliding sine bass for late-night drill.');
    await upload.getByRole('button', { name: 'Upload Beat' }).click();

    await expect(upload.getByText('Beat uploaded!')).toBeVisible();
    await producer.waitForURL(/\/beat\/[0-9a-f-]{36}$/);
    await expect(upload).toBeHidden();
    const beatPath = new URL(producer.url()).pathname;
    await expect(producer.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(producer.getByText('$12.50').first()).toBeVisible();
    await expect(producer.getByRole('img', { name: `Cover of ${TITLE}` })).toHaveAttribute(
      'src',
      /^\/api\/files\/images\/.+\.jpg$/,
    );
    const details = producer.getByRole('region', { name: 'Beat Details' });
    await expect(details).toContainText('Drill');
    await expect(details).toContainText('142');
    await expect(details).toContainText('F#');
    await expect(details).toContainText('Mysterious');
    await expect(details).toContainText('0:30');

    // --- A listener finds it by filter and by search ------------------------------------------
    const listener = await listenerContext.newPage();
    await signIn(listener, 'fan@example.com', 'Fan Tastic');
    await listener.getByRole('button', { name: 'Genres' }).click();
    await listener.getByRole('menuitem', { name: 'Drill' }).click();
    await expect(listener).toHaveURL(/[?&]genre=Drill/);
    const grid = listener.getByRole('list', { name: 'Beats' });
    const card = grid.getByRole('article', { name: TITLE });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Maya Beats');
    await expect(card).toContainText('$12.50');

    await listener.getByRole('button', { name: 'Free', exact: true }).click();
    await expect(listener).toHaveURL(/free=true/);
    await expect(listener.getByRole('heading', { name: 'No beats found' })).toBeVisible();
    await listener.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(listener).not.toHaveURL(/genre=|free=/);

    await listener.getByRole('button', { name: 'Advanced' }).click();
    await listener.getByLabel('BPM min').fill('140');
    await listener.getByLabel('BPM max').fill('145');
    await expect(listener).toHaveURL(/bpm_min=140.*bpm_max=145/);
    await expect(card).toBeVisible();
    await listener.getByLabel('BPM min').fill('150');
    await listener.getByLabel('BPM max').fill('160');
    await expect(listener.getByRole('heading', { name: 'No beats found' })).toBeVisible();
    await listener.getByRole('button', { name: 'Clear filters' }).first().click();

    await listener.getByRole('searchbox', { name: 'Search beats' }).fill('zephy');
    await expect(listener).toHaveURL(/search=zephy/);
    await expect(grid.getByRole('article')).toHaveCount(1);
    await expect(card).toBeVisible();

    // A reload keeps the search.
    await listener.reload();
    await expect(listener.getByRole('searchbox', { name: 'Search beats' })).toHaveValue('zephy');
    await expect(card).toBeVisible();

    // --- ...plays it from the card: the player bar and the queue appear ------------------------
    const played = listener.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/api\/beats\/[^/]+\/play$/.test(response.url()),
    );
    await card.getByRole('button', { name: `Play ${TITLE}` }).click();
    expect((await played).status()).toBe(204);
    const bar = listener.getByRole('region', { name: 'Audio player' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: TITLE, exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Pause ${TITLE}` })).toBeVisible();
    await expect(bar.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/, {
      timeout: 10_000,
    });
    await bar.getByRole('button', { name: 'Queue (1)' }).click();
    const queue = listener.getByRole('region', { name: /^Queue/ });
    await expect(queue.getByRole('listitem')).toHaveCount(1);
    await expect(queue).toContainText(TITLE);
    await bar.getByRole('button', { name: 'Pause' }).click();
    await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

    // --- ...favourites it ---------------------------------------------------------------------
    const like = card.getByRole('button', { name: `Like ${TITLE}` });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');

    // --- ...and rates it on its page -----------------------------------------------------------
    await card.getByRole('link', { name: TITLE, exact: true }).click();
    await expect(listener.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(listener.getByRole('button', { name: 'Favorited' })).toHaveAttribute('aria-pressed', 'true');
    await listener.getByRole('button', { name: 'Rate Beat' }).first().click();
    const rate = listener.getByRole('dialog', { name: 'Rate Beat' });
    await expect(rate.getByRole('button', { name: 'Submit Rating' })).toBeDisabled();
    await rate.getByRole('radio', { name: '4 stars: Very Good' }).click();
    await expect(rate.getByText('4 · Very Good')).toBeVisible();
    await rate.getByRole('textbox', { name: /Review/ }).fill('Dark and bouncy.');
    await expect(rate.getByText('16/500')).toBeVisible();
    await rate.getByRole('button', { name: 'Submit Rating' }).click();
    await expect(rate).toBeHidden();
    const reviews = listener.getByRole('region', { name: 'Reviews & Ratings' });
    await expect(reviews.getByText('Dark and bouncy.')).toBeVisible();
    await expect(reviews.getByRole('link', { name: 'Fan Tastic' })).toBeVisible();
    await expect(reviews).toContainText('4.0');

    // --- The owner sees the analytics, edits, then deletes -------------------------------------
    await producer.reload();
    await producer.getByRole('button', { name: 'Manage Beat' }).click();
    const manage = producer.getByRole('dialog', { name: 'Manage Beat' });
    await expect(manage.getByText('1 Reviews')).toBeVisible();
    await expect(manage.getByText('4.0')).toBeVisible();
    await expect(manage.getByLabel('Title')).toHaveValue(TITLE);
    await expect(manage.getByLabel('Price (USD)', { exact: true })).toHaveValue('12.50');
    await manage.getByLabel('Title').fill(NEW_TITLE);
    await manage.getByLabel('Free beat').check();
    await expect(manage.getByLabel('Price (USD)', { exact: true })).toHaveValue('0');
    await manage.getByRole('button', { name: 'Save Changes' }).click();
    await expect(manage).toBeHidden();
    await expect(producer.getByRole('heading', { level: 1, name: NEW_TITLE })).toBeVisible();
    await expect(producer.getByText('Free', { exact: true })).toBeVisible();
    // The owner's own beat offers Download rather than a price.
    const download = producer.getByRole('button', { name: `Download ${NEW_TITLE}`, exact: true });
    await expect(download).toBeVisible();
    await expect(download).toHaveText('Download');

    await producer.getByRole('button', { name: 'Manage Beat' }).click();
    await manage.getByRole('button', { name: 'Delete Beat' }).click();
    await expect(manage.getByRole('heading', { name: 'Delete Beat?' })).toBeVisible();
    await expect(
      manage.getByText(
        'This action cannot be undone. All plays, favorites, and reviews will be permanently lost.',
      ),
    ).toBeVisible();
    await manage.getByRole('button', { name: 'Cancel' }).click();
    await expect(manage.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await manage.getByRole('button', { name: 'Delete Beat' }).click();
    await manage.getByRole('button', { name: 'Delete Beat' }).click();
    await producer.waitForURL((url) => url.pathname === '/');
    // Other journeys share this server's catalogue: the deleted beat is gone from it, whatever else is there.
    await expect(
      producer
        .getByRole('list', { name: 'Beats' })
        .or(producer.getByRole('heading', { name: 'No beats found' })),
    ).toBeVisible();
    await expect(producer.getByRole('article', { name: NEW_TITLE })).toHaveCount(0);

    await listener.goto(beatPath);
    await expect(listener.getByRole('heading', { name: 'Beat not found' })).toBeVisible();
  } finally {
    await listenerContext.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
