// Texts of refunds and disputes the buyer reads. Kept apart from refunds-contract.ts (zod
// schemas) so the download button, on every page's first load, does not pull in zod.

/** What the buyer reads when the download status says refunded or disputed. */
export const DOWNLOAD_REASON_TEXTS = {
  refunded: 'Your licence for this beat was refunded. Buy it again to download.',
  disputed: 'Downloads of this beat are paused while the payment is disputed',
} as const;
