/**
 * What the main area shows while a page's code loads (usually a blink): a neutral block the
 * size of a page's first screen, so the footer and player do not jump up and back (CLS).
 */
export function PageFallback() {
  return (
    <div role="status" aria-label="Loading page" className="flex min-h-[70dvh] flex-col gap-4">
      <div aria-hidden="true" className="h-8 w-1/3 animate-pulse rounded-lg bg-fg/10" />
      <div aria-hidden="true" className="h-64 w-full animate-pulse rounded-3xl bg-fg/5" />
    </div>
  );
}
