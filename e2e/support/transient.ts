import type { Locator } from '@playwright/test';

/**
 * Runs `action` and resolves once each locator has been visible at some moment since just before
 * it: for what shows for a few seconds only (a toast, a success view that closes itself). Looking
 * after the action can miss it on a loaded machine, where the test's next look, or the look at
 * another page first, comes after it has gone; these waits are under way before the action.
 */
export async function shownDuring(action: () => Promise<unknown>, ...locators: Locator[]): Promise<void> {
  const seen = locators.map((locator) => locator.waitFor({ state: 'visible', timeout: 60_000 }));
  // Awaited below; a wait that fails while the action runs must not be an unhandled rejection.
  for (const wait of seen) wait.catch(() => undefined);
  await action();
  await Promise.all(seen);
}
