import { expect, type Page } from '@playwright/test';
import { wavFile } from '../server/test/media-fixtures';
import { WEBM_TAKE } from '../server/test/recording-fixtures';
import { signInNewContext } from './support/sign-in';
import { test } from './support/journey-test';

const BEAT = 'Midnight Run';
const CHALLENGE = 'Midnight Run Topline';
const PRIZE = 300;

/** Buys the 500 pack (550 with its bonus) through the local test checkout, by API. */
async function buyCredits(page: Page) {
  const start = await page.request.post('/api/user/credits/purchase', { data: { credits_amount: 500 } });
  expect(start.ok(), await start.text()).toBe(true);
  const { checkout_url } = (await start.json()) as { checkout_url: string };
  const paymentId = checkout_url.split('/').pop()!;
  const pay = await page.request.post(`/api/checkout/local/account/${paymentId}/pay`);
  expect(pay.ok(), await pay.text()).toBe(true);
}

async function createBeat(page: Page): Promise<string> {
  const audio = await page.request.post('/api/upload/audio', {
    multipart: { audio: { name: 'beat.wav', mimeType: 'audio/wav', buffer: wavFile(2, 22_050) } },
  });
  expect(audio.ok(), await audio.text()).toBe(true);
  const { key } = (await audio.json()) as { key: string };
  const beat = await page.request.post('/api/beats', {
    data: { title: BEAT, genre: 'Trap', audio_file_key: key, price_cents: 1000 },
  });
  expect(beat.ok(), await beat.text()).toBe(true);
  return ((await beat.json()) as { id: string }).id;
}

test('A creates a challenge, B enters with a take, C votes; after the end B is paid the prize', async ({
  browser,
}) => {
  test.setTimeout(300_000);

  // --- A: credits and a beat, then Create Challenge from /challenges ---------------------------
  const a = await signInNewContext(browser, 'ava-challenges@example.com', 'Ava Host');
  await buyCredits(a.page);
  const beatId = await createBeat(a.page);
  await a.page.goto('/challenges');
  await expect(
    a.page.getByText('No active challenges right now. Check back soon or create your own!'),
  ).toBeVisible();
  await a.page.getByRole('button', { name: 'Create Challenge' }).click();
  const create = a.page.getByRole('dialog', { name: 'Create Challenge' });
  await create.getByLabel('Title').fill(CHALLENGE);
  await create.getByLabel('Description').fill('Best topline over Midnight Run wins the pot.');
  await create.getByLabel('Find a beat').fill(BEAT);
  await create.getByLabel('Find a beat').press('Enter');
  await create.getByLabel('Beat', { exact: true }).selectOption(beatId);
  await create.getByLabel('Prize (credits)').fill(String(PRIZE));
  await create.getByRole('button', { name: 'Create Challenge' }).click();
  await a.page.waitForURL(/\/challenges\/[0-9a-f-]{36}$/);
  const challengeId = new URL(a.page.url()).pathname.split('/').pop()!;
  await expect(a.page.getByRole('heading', { name: CHALLENGE })).toBeVisible();
  await expect(a.page.getByRole('heading', { name: `Prize escrow: ${PRIZE} credits held` })).toBeVisible();
  const aCredits = await (await a.page.request.get('/api/user/credits')).json();
  expect(aCredits.credits.credits_available).toBe(550 - PRIZE);

  // --- B: a take over the beat, then Join from the card ----------------------------------------
  const b = await signInNewContext(browser, 'ben-challenges@example.com', 'Ben Vocals');
  const take = await b.page.request.post('/api/recordings/upload', {
    multipart: {
      beat_id: beatId,
      recording_name: 'Ben Topline',
      is_public: 'false',
      recording: { name: 'take.webm', mimeType: 'audio/webm', buffer: WEBM_TAKE },
    },
  });
  expect(take.ok(), await take.text()).toBe(true);
  await b.page.goto('/challenges');
  const card = b.page.getByRole('listitem', { name: CHALLENGE });
  await expect(card.getByText('Active Now')).toBeVisible();
  await card.getByRole('link', { name: 'Join' }).click();
  const join = b.page.getByRole('dialog', { name: `Join ${CHALLENGE}` });
  await expect(join.getByLabel('Your take')).toHaveValue(/[0-9a-f-]{36}/);
  await join.getByRole('button', { name: 'Submit Entry' }).click();
  await expect(b.page.getByText('Joined', { exact: true })).toBeVisible();
  await expect(b.page.getByRole('listitem', { name: 'Entry by Ben Vocals' })).toBeVisible();

  // --- C: votes for B's entry ------------------------------------------------------------------
  const c = await signInNewContext(browser, 'cleo-challenges@example.com', 'Cleo Fan');
  await c.page.goto(`/challenges/${challengeId}`);
  const entry = c.page.getByRole('listitem', { name: 'Entry by Ben Vocals' });
  await entry.getByRole('button', { name: 'Vote for Ben Vocals' }).click();
  await expect(entry.getByText('Voted')).toBeVisible();
  await expect(entry.getByText('1 vote', { exact: true })).toBeVisible();

  // --- The clock moves past the end; the closing job pays the winner ----------------------------
  const moved = await c.page.request.post('/api/test/clock', { data: { advance_ms: 8 * 86_400_000 } });
  expect(moved.ok(), await moved.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const res = await c.page.request.get(`/api/challenges/${challengeId}`);
        return ((await res.json()) as { challenge: { winner_user_id: string | null } }).challenge
          .winner_user_id;
      },
      { timeout: 30_000, message: 'the closing job to announce the winner' },
    )
    .toBe(b.id);

  await b.page.reload();
  await expect(b.page.getByText('Winner Announced: Ben Vocals')).toBeVisible();
  await expect(b.page.getByRole('heading', { name: 'Prize escrow: 0 credits held' })).toBeVisible();
  await b.page.goto('/settings?section=credits');
  await expect(b.page.getByLabel('Credit balance')).toContainText(String(PRIZE));

  // A's card now reads Winner Announced under Recently Ended.
  await a.page.goto('/challenges?filter=ended');
  await expect(a.page.getByRole('listitem', { name: CHALLENGE }).getByText('Winner Announced')).toBeVisible();
});
