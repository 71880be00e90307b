import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The timeline's takes kept as files: the studio saved as a session, the page reloaded and the
 * session loaded again. Every clip is back with its audio decoded and its waveform drawn.
 */
export async function saveReloadAndLoad(page: Page, track: Locator, sessionName: string): Promise<void> {
  const clips = track.getByRole('button', { name: /^Take \d+$/ });
  const count = await clips.count();
  const descriptions = await clips.evaluateAll((all) => all.map((c) => c.getAttribute('aria-description')));
  // Each take was uploaded as soon as it was recorded: no clip says "Not saved yet" any more.
  await expect(track.locator('[data-take-audio="ready"]')).toHaveCount(count, { timeout: 30_000 });
  await expect(track.getByText('Not saved yet')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save Session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Session' });
  await dialog.getByLabel('Session name').fill(sessionName);
  await dialog.getByRole('button', { name: 'Save Session' }).click();
  await expect(page.getByText(`Current session: ${sessionName}`)).toBeVisible();

  // The console's take is not saved as a recording, so the page asks before it reloads.
  const leave = (dialog: { accept(): Promise<void> }) => void dialog.accept();
  page.on('dialog', leave);
  await page.reload();
  page.off('dialog', leave);
  await page.getByRole('button', { name: `Load ${sessionName}` }).click();
  await expect(clips).toHaveCount(count, { timeout: 30_000 });
  expect(await clips.evaluateAll((all) => all.map((c) => c.getAttribute('aria-description')))).toEqual(
    descriptions,
  );
  await expect(track.locator('[data-take-audio="ready"]')).toHaveCount(count, { timeout: 30_000 });
}

/**
 * The session's take files as the server keeps them, decoded in the page: each as long as its
 * take and not silent (the fake microphone's tone), so the reloaded clips have sound to play.
 */
export async function expectTakeFilesPlay(page: Page, beatId: string): Promise<void> {
  const answer = await page.request.get(`/api/studio/sessions?beat_id=${beatId}`);
  const { sessions } = (await answer.json()) as {
    sessions: { session_data: { arrangement: { takes: { source: string | null; duration: number }[] } } }[];
  };
  const takes = sessions[0]!.session_data.arrangement.takes;
  expect(takes.length).toBeGreaterThan(0);
  // Only ids in the session, never audio.
  for (const take of takes) expect(take.source).toMatch(/^studio-take:[0-9a-f-]{36}\.webm$/);
  const decoded = await page.evaluate(
    async (sources) => {
      const ctx = new OfflineAudioContext(1, 48_000, 48_000);
      return Promise.all(
        sources.map(async (source) => {
          const id = source.slice('studio-take:'.length);
          const response = await fetch(`/api/studio/takes/${id}/audio`, { credentials: 'include' });
          const buffer = await ctx.decodeAudioData(await response.arrayBuffer());
          const samples = buffer.getChannelData(0);
          let peak = 0;
          for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
          return { duration: buffer.duration, peak };
        }),
      );
    },
    takes.map((take) => take.source!),
  );
  decoded.forEach(({ duration, peak }, n) => {
    expect(Math.abs(duration - takes[n]!.duration)).toBeLessThan(0.25);
    expect(peak).toBeGreaterThan(0.01);
  });
}
