import type { Download, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

/** Clicks what starts a download and answers the file the browser saved, with its name. */
export async function downloaded(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await savedPath(download)) };
}

async function savedPath(download: Download): Promise<string> {
  const failure = await download.failure();
  if (failure) throw new Error(`download failed: ${failure}`);
  return download.path();
}
