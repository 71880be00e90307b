// Sizes, ranges, counts and timings the server and the apps share. Where a value is our own
// choice rather than a documented one, the JSDoc says so.

const MB = 1024 * 1024;

export const LIMITS = {
  AUDIO_MAX_BYTES: 50 * MB,
  IMAGE_MAX_BYTES: 10 * MB,
  COVER_MAX_SIDE_PX: 800,
  COVER_JPEG_QUALITY: 0.8,
  BPM_MIN: 60,
  BPM_MAX: 200,
  /** Price entry: 0 to 100 in the user's currency, step 0.01. */
  PRICE_MIN: 0,
  PRICE_MAX: 100,
  PRICE_STEP: 0.01,
  /**
   * Largest price_cents (USD) a beat may have: the maximum price constant 10000, that is
   * 0–10,000 cents. Forms clamp a converted EUR entry to it
   * (100.00 EUR would be 11800 USD cents).
   */
  PRICE_MAX_CENTS: 10_000,
  TITLE_MAX: 120,
  /** A beat's description: 2000 characters is our choice. */
  DESCRIPTION_MAX: 2000,
  REVIEW_MAX: 500,
  DURATION_FILTER_MAX_SECONDS: 600,
  BEAT_LIST_DEFAULT_LIMIT: 48,
  BEAT_LIST_MAX_LIMIT: 100,
  /** Player volume is 0-1; the settings' defaultVolume 75 is the same value in percent. */
  DEFAULT_VOLUME: 0.75,
} as const;

/** Upload progress steps: start, uploads begun, files uploaded, beat created. */
export const UPLOAD_PROGRESS = { START: 10, UPLOADING: 30, FILES_UPLOADED: 70, DONE: 100 } as const;

/** Timings in milliseconds. */
export const TIMINGS = {
  HEARTBEAT_MS: 30_000,
  RECONNECT_BASE_MS: 1_000,
  RECONNECT_CAP_MS: 30_000,
  RECONNECT_MAX_ATTEMPTS: 5,
  NOTIFICATION_POLL_MS: 30_000,
  LIVE_STATS_POLL_MS: 30_000,
  /** A toast duration of 0 stays until dismissed. */
  TOAST_DEFAULT_MS: 5_000,
  NOTIFICATION_TOAST_MS: 5_000,
  SYSTEM_ANNOUNCEMENT_TOAST_MS: 8_000,
  /** Success screens of upload, purchase, subscribe, credits and promote before moving on. */
  SUCCESS_REDIRECT_MS: 2_000,
  ANALYTICS_HIGHLIGHT_MS: 1_000,
} as const;

/** UI counts. */
export const UI = {
  GRID_COLUMNS: 4,
  SKELETON_CARDS: 12,
  /** "5 to 6 skeleton rows": we show 6. */
  SKELETON_ROWS: 6,
  NOTIFICATION_DROPDOWN_LIMIT: 10,
  ACTIVITY_FEED_MAX: 50,
  LIVE_FEED_DEFAULT: 10,
  LIVE_FEED_HOME: 15,
  /** The bell badge reads 99+ above this. */
  BADGE_CAP: 99,
} as const;

/** Page sizes of paged lists; invoices are listed 10 per page. */
export const PAGE_SIZES = {
  NOTIFICATIONS: 20,
  INVOICES: 10,
} as const;
