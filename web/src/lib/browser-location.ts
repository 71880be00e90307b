/**
 * Leaves the single-page app for another site (the identity provider, a checkout page).
 * One seam so tests can observe it: jsdom does not implement cross-document navigation.
 */
export function redirectBrowser(url: string): void {
  window.location.assign(url);
}
