// Every business constant of the spec (platform.md, money.md, community.md) in one place, so
// server, web and desktop agree. Section comments name the spec part each block comes from.
// Where the spec leaves a value open, the JSDoc says so and names the choice made.

// ---------------------------------------------------------------------------------------------
// Catalogue: genres, moods, keys, sorts (platform.md §9)
// ---------------------------------------------------------------------------------------------

export const GENRES = [
  'Hip-Hop',
  'Trap',
  'Drill',
  'R&B',
  'Pop',
  'Afrobeat',
  'Electronic',
  'Jazz',
  'Rock',
  'Other',
] as const;
export type Genre = (typeof GENRES)[number];

/** The header's genre menu lists seven genres; the spec does not say which, so the first seven. */
export const HOME_GENRE_MENU = [
  'Hip-Hop',
  'Trap',
  'Drill',
  'R&B',
  'Pop',
  'Afrobeat',
  'Electronic',
] as const satisfies readonly Genre[];

export const MOODS = [
  'Aggressive',
  'Chill',
  'Dark',
  'Emotional',
  'Energetic',
  'Happy',
  'Melancholic',
  'Mysterious',
  'Uplifting',
  'Romantic',
] as const;
export type Mood = (typeof MOODS)[number];

export const KEYS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
export type MusicalKey = (typeof KEYS)[number];

/**
 * The values of a non-empty `{ value, label }` list as the tuple `z.enum` wants, typed from the
 * list itself so a new option needs no second edit.
 */
export function optionValues<const T extends readonly [{ value: string }, ...{ value: string }[]]>(
  options: T,
): [T[number]['value'], ...T[number]['value'][]] {
  return options.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]];
}

/** GET /api/beats `sort` values. The labels are not in the spec; these are ours. */
export const BEAT_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'popular', label: 'Most Popular' },
  { value: 'downloads', label: 'Most Downloads' },
  { value: 'price_low', label: 'Price: Low to High' },
  { value: 'price_high', label: 'Price: High to Low' },
] as const;
export type BeatSort = (typeof BEAT_SORTS)[number]['value'];
export const BEAT_SORT_VALUES = optionValues(BEAT_SORTS);
export const DEFAULT_BEAT_SORT: BeatSort = 'newest';

/** Profile uploads list and GET /api/users/{userId}/beats?sort= (platform.md §2, §7). */
export const PROFILE_BEAT_SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'popular', label: 'Most Plays' },
  { value: 'downloads', label: 'Most Downloads' },
] as const;
export type ProfileBeatSort = (typeof PROFILE_BEAT_SORTS)[number]['value'];

export const PROFILE_TABS = ['uploads', 'favorites', 'reviews', 'credits'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** Display-only music role picker (platform.md §1); every role is free. */
export const MUSIC_ROLES = [
  { value: 'producer', label: 'Producer' },
  { value: 'beatmaker', label: 'Beatmaker' },
  { value: 'rapper', label: 'Rapper' },
  { value: 'singer', label: 'Singer' },
  { value: 'songwriter', label: 'Songwriter' },
  { value: 'vocalist', label: 'Vocalist' },
  { value: 'dj', label: 'DJ' },
  { value: 'artist', label: 'Artist' },
  { value: 'musician', label: 'Musician' },
  { value: 'composer', label: 'Composer' },
  { value: 'sound_engineer', label: 'Sound Engineer' },
  { value: 'music_fan', label: 'Music Fan' },
] as const;
export type MusicRole = (typeof MUSIC_ROLES)[number]['value'];
export const MUSIC_ROLE_VALUES = optionValues(MUSIC_ROLES);

/** The label shown for a profile's music role; null when unset or not one of ours. */
export function musicRoleLabel(role: string | null | undefined): string | null {
  return MUSIC_ROLES.find((r) => r.value === role)?.label ?? null;
}

// ---------------------------------------------------------------------------------------------
// Licences and payments (money.md §3, §4, §9)
// ---------------------------------------------------------------------------------------------

export const LICENSE_IDS = ['basic', 'premium', 'exclusive'] as const;
export type LicenseId = (typeof LICENSE_IDS)[number];
export const DEFAULT_LICENSE: LicenseId = 'basic';

/** A licence costs `multiple` times the beat's base price_cents (money.md §9). */
export const LICENSES = [
  {
    id: 'basic',
    name: 'Basic',
    multiple: 1,
    popular: false,
    features: ['MP3 320kbps', 'Non-commercial use', 'Social media posting', 'Producer tag included'],
  },
  {
    id: 'premium',
    name: 'Premium',
    multiple: 2,
    popular: true,
    features: [
      'WAV and MP3 files',
      'Commercial use',
      'Radio and streaming',
      'Producer tag removed',
      'Up to 100K streams',
    ],
  },
  {
    id: 'exclusive',
    name: 'Exclusive',
    multiple: 10,
    popular: false,
    features: [
      'Full ownership',
      'All file formats',
      'Beat removed from store',
      'Unlimited commercial use',
      'Credit optional',
    ],
  },
] as const satisfies readonly {
  id: LicenseId;
  name: string;
  multiple: number;
  popular: boolean;
  features: readonly string[];
}[];
export type License = (typeof LICENSES)[number];

/** The purchase summary shows a processing fee of 0. */
export const PROCESSING_FEE_CENTS = 0;

/** Purchase, subscribe and credit dialogs: what the buyer picks (default new_card). */
export const PAYMENT_METHOD_CHOICES = ['new_card', 'paypal', 'apple_pay', 'google_pay', 'saved'] as const;
export type PaymentMethodChoice = (typeof PAYMENT_METHOD_CHOICES)[number];
export const DEFAULT_PAYMENT_METHOD_CHOICE: PaymentMethodChoice = 'new_card';

/** payment_type of a saved payment method. */
export const SAVED_PAYMENT_TYPES = ['card', 'paypal', 'apple_pay', 'google_pay'] as const;
export type SavedPaymentType = (typeof SAVED_PAYMENT_TYPES)[number];

/** payment_method_type on an invoice: the saved types plus credits. */
export const INVOICE_PAYMENT_METHOD_TYPES = [...SAVED_PAYMENT_TYPES, 'credits'] as const;
export type InvoicePaymentMethodType = (typeof INVOICE_PAYMENT_METHOD_TYPES)[number];

export const INVOICE_TRANSACTION_TYPES = [
  'beat_purchase',
  'credits_purchase',
  'subscription',
  'promotion',
] as const;
export type InvoiceTransactionType = (typeof INVOICE_TRANSACTION_TYPES)[number];

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Reason the download check gives when the user must buy first (money.md §4). */
export const DOWNLOAD_REASON_PAYMENT_REQUIRED = 'payment_required';

// ---------------------------------------------------------------------------------------------
// Currency (platform.md §3, money.md §9)
// ---------------------------------------------------------------------------------------------

/** Prices are stored in USD cents; USD or EUR is only how they are shown and entered. */
export const CURRENCIES = ['USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';
export const CURRENCY_SYMBOLS = { USD: '$', EUR: '€' } as const satisfies Record<Currency, string>;

/**
 * RATES[from][to]. The spec's two rates are not each other's inverse (0.85 × 1.18 = 1.003), so
 * converting there and back may drift by a cent or so; that is the spec, not a bug.
 */
export const RATES = {
  USD: { USD: 1, EUR: 0.85 },
  EUR: { EUR: 1, USD: 1.18 },
} as const satisfies Record<Currency, Record<Currency, number>>;

// ---------------------------------------------------------------------------------------------
// Credits and promotions (money.md §5, §6, §9)
// ---------------------------------------------------------------------------------------------

/** The six packs of the Buy Credits dialog; price in USD cents. Credits never expire. */
export const CREDIT_PACKS = [
  { credits: 100, price_cents: 100, bonus: 0, bestValue: false },
  { credits: 500, price_cents: 450, bonus: 50, bestValue: false },
  { credits: 1000, price_cents: 850, bonus: 150, bestValue: true },
  { credits: 2500, price_cents: 2000, bonus: 500, bestValue: false },
  { credits: 5000, price_cents: 3750, bonus: 1250, bestValue: false },
  { credits: 10000, price_cents: 7000, bonus: 3000, bestValue: false },
] as const;
export type CreditPack = (typeof CREDIT_PACKS)[number];

/** Per-pack blurbs: one homepage boost per 100 credits, one weekly feature per 200. */
export const CREDITS_PER_BOOST = 100;
export const CREDITS_PER_WEEKLY_FEATURE = 200;

export const PROMOTION_TYPES = ['featured_week', 'featured_month', 'homepage_boost'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/**
 * Promotion options: cost in credits or in USD cents. The spec does not show option ids (ours
 * match the beat's promotion_type) nor which option carries the popular flag (we mark the week).
 */
export const PROMOTION_OPTIONS = [
  {
    id: 'featured_week',
    name: 'Featured 1 Week',
    description: 'Your beat in the featured sections for a week',
    durationDays: 7,
    credits: 200,
    price_cents: 199,
    popular: true,
    benefits: ['FEATURED badge', 'Shown in featured sections', '7 days'],
  },
  {
    id: 'featured_month',
    name: 'Featured 1 Month',
    description: 'Your beat in the featured sections for a month',
    durationDays: 30,
    credits: 600,
    price_cents: 599,
    popular: false,
    benefits: ['FEATURED badge', 'Shown in featured sections', '30 days'],
  },
  {
    id: 'homepage_boost',
    name: 'Homepage Boost',
    description: 'Your beat boosted on the home page',
    durationDays: 3,
    credits: 100,
    price_cents: 99,
    popular: false,
    benefits: ['Boosted on the home page', '3 days'],
  },
] as const satisfies readonly {
  id: PromotionType;
  name: string;
  description: string;
  durationDays: number;
  credits: number;
  price_cents: number;
  popular: boolean;
  benefits: readonly string[];
}[];
export type PromotionOption = (typeof PROMOTION_OPTIONS)[number];

export const PROMOTION_PAYMENT_METHODS = ['credits', 'card'] as const;
export type PromotionPaymentMethod = (typeof PROMOTION_PAYMENT_METHODS)[number];
export const DEFAULT_PROMOTION_PAYMENT_METHOD: PromotionPaymentMethod = 'credits';

// ---------------------------------------------------------------------------------------------
// Theme and user settings (platform.md §3, money.md §3)
// ---------------------------------------------------------------------------------------------

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const AUDIO_QUALITIES = ['standard', 'high', 'premium', 'lossless'] as const;
export type AudioQuality = (typeof AUDIO_QUALITIES)[number];
export const DOWNLOAD_FORMATS = ['mp3', 'wav', 'flac'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
export const DOWNLOAD_QUALITIES = ['192kbps', '256kbps', '320kbps', 'hi-res', 'lossless'] as const;
export type DownloadQuality = (typeof DOWNLOAD_QUALITIES)[number];
export const PROFILE_VISIBILITIES = ['public', 'followers', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
} as const satisfies Record<Language, string>;

/**
 * Defaults of every user setting. defaultVolume is 0-100 here while the player keeps 0-1
 * (75 ↔ 0.75). timezone is null: the browser's own zone is shown, never stored by default.
 */
export const USER_SETTINGS_DEFAULTS = {
  autoPlay: true,
  defaultVolume: 75,
  audioQuality: 'high',
  downloadFormat: 'mp3',
  downloadQuality: '320kbps',
  autoDownload: false,
  emailNotifications: true,
  newFollowerNotifications: true,
  newBeatNotifications: true,
  reviewNotifications: true,
  promotionalEmails: false,
  profileVisibility: 'public',
  showPlayHistory: true,
  showFavorites: true,
  showFollowing: true,
  theme: DEFAULT_THEME,
  language: 'en',
  timezone: null,
  preferredCurrency: DEFAULT_CURRENCY,
} as const satisfies Record<string, unknown> & {
  audioQuality: AudioQuality;
  downloadFormat: DownloadFormat;
  downloadQuality: DownloadQuality;
  profileVisibility: ProfileVisibility;
  language: Language;
};

export const SETTINGS_SECTIONS = [
  'account',
  'subscription',
  'credits',
  'audio',
  'download',
  'notifications',
  'privacy',
  'display',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

// ---------------------------------------------------------------------------------------------
// Player and realtime (platform.md §3, §4, §7)
// ---------------------------------------------------------------------------------------------

export const REPEAT_MODES = ['none', 'all', 'one'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];

export const CONNECTION_STATUSES = ['disconnected', 'connecting', 'connected', 'error'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** WebSocket close codes that mean "closed on purpose": no reconnect. */
export const NORMAL_CLOSE_CODES = [1000, 1001] as const;

export const NOTIFICATION_TYPES = ['new_follower', 'new_beat', 'beat_review', 'promotional'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const ACTIVITY_TYPES = [
  'beat_uploaded',
  'beat_purchased',
  'user_followed',
  'beat_rated',
  'challenge_entry',
  'collaboration_started',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
export type RatingValue = (typeof RATING_VALUES)[number];
export const RATING_LABELS = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
} as const satisfies Record<RatingValue, string>;

// ---------------------------------------------------------------------------------------------
// Limits (platform.md §5, §9; money.md §5; community.md §5, §9)
// ---------------------------------------------------------------------------------------------

const MB = 1024 * 1024;

export const LIMITS = {
  AUDIO_MAX_BYTES: 50 * MB,
  IMAGE_MAX_BYTES: 10 * MB,
  /** Advice text only (platform.md §5), not enforced by the client. */
  PROFILE_IMAGE_ADVICE_BYTES: 5 * MB,
  COVER_IMAGE_ADVICE_BYTES: 10 * MB,
  COVER_MAX_SIDE_PX: 800,
  COVER_JPEG_QUALITY: 0.8,
  BPM_MIN: 60,
  BPM_MAX: 200,
  /** Price entry: 0 to 100 in the user's currency, step 0.01. */
  PRICE_MIN: 0,
  PRICE_MAX: 100,
  PRICE_STEP: 0.01,
  /**
   * Largest price_cents (USD) a beat may have: money.md's "maximum price constant 10000", which
   * the catalogue issue fixes as 0–10,000 cents. Forms clamp a converted EUR entry to it
   * (100.00 EUR would be 11800 USD cents).
   */
  PRICE_MAX_CENTS: 10_000,
  TITLE_MAX: 120,
  REVIEW_MAX: 500,
  DURATION_FILTER_MAX_SECONDS: 600,
  BEAT_LIST_DEFAULT_LIMIT: 48,
  BEAT_LIST_MAX_LIMIT: 100,
  SETTINGS_VOLUME_MIN: 0,
  SETTINGS_VOLUME_MAX: 100,
  /** Player volume is 0-1. */
  DEFAULT_VOLUME: 0.75,
  TICKET_CREATE_MAX_FILES: 5,
  TICKET_REPLY_MAX_FILES: 3,
  TICKET_FILE_MAX_BYTES: 10 * MB,
  COLLAB_MAX_PARTICIPANTS: 4,
  COLLAB_TRACKS: 4,
} as const;

/** Support attachments: images, PDF and plain text (community.md §5). */
export const TICKET_ATTACHMENT_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/pdf',
  'text/plain',
] as const;

/** Upload progress steps (platform.md §4): start, uploads begun, files uploaded, beat created. */
export const UPLOAD_PROGRESS = { START: 10, UPLOADING: 30, FILES_UPLOADED: 70, DONE: 100 } as const;

/** Simulated progress (studio, recordings): +10 % every 200 ms, up to 90 %. */
export const SIMULATED_PROGRESS = { STEP_PERCENT: 10, STEP_MS: 200, CAP_PERCENT: 90 } as const;

// ---------------------------------------------------------------------------------------------
// Timings in milliseconds (platform.md §4, §9; money.md §4; community.md §4, §9)
// ---------------------------------------------------------------------------------------------

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
  ADMIN_TOAST_MS: 5_000,
  /** Success screens of upload, purchase, subscribe, credits and promote before moving on. */
  SUCCESS_REDIRECT_MS: 2_000,
  TICKET_CREATED_REDIRECT_MS: 2_000,
  OWNER_TRANSFER_RELOAD_MS: 2_000,
  ANALYTICS_HIGHLIGHT_MS: 1_000,
  CHALLENGE_COUNTDOWN_REFRESH_MS: 60_000,
  STUDIO_AUTOSAVE_MS: 2_000,
  COLLAB_PARTICIPANTS_POLL_MS: 5_000,
  RECORDING_TIMER_TICK_MS: 1_000,
} as const;

// ---------------------------------------------------------------------------------------------
// UI counts and page sizes (platform.md §2, §9; money.md §7, §9; community.md §9)
// ---------------------------------------------------------------------------------------------

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
  CREDIT_TRANSACTIONS_DIALOG: 5,
  CREDIT_TRANSACTIONS_SETTINGS: 10,
} as const;

export const PAGE_SIZES = {
  NOTIFICATIONS: 20,
  INVOICES: 10,
  ADMIN_USERS: 20,
  ADMIN_BEATS: 20,
  ADMIN_LOGS: 50,
} as const;

// ---------------------------------------------------------------------------------------------
// Support, admin, challenges, collaborations, activity (community.md §2, §3, §4, §9)
// ---------------------------------------------------------------------------------------------

export const TICKET_STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'waiting_for_user', label: 'Waiting for User' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'closed', label: 'Closed' },
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number]['value'];
export const TICKET_STATUS_VALUES = optionValues(TICKET_STATUSES);

export const TICKET_PRIORITIES = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number]['value'];
export const TICKET_PRIORITY_VALUES = optionValues(TICKET_PRIORITIES);
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'medium';

/** Support categories; the spec gives only the labels, the ids are ours. */
export const TICKET_CATEGORIES = [
  { value: 'technical', label: 'Technical Issues' },
  { value: 'billing', label: 'Billing & Payments' },
  { value: 'account', label: 'Account & Profile' },
  { value: 'content', label: 'Beats & Content' },
  { value: 'feature_request', label: 'Feature Requests' },
  { value: 'general', label: 'General Support' },
] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number]['value'];
export const TICKET_CATEGORY_VALUES = optionValues(TICKET_CATEGORIES);

export const TICKET_MESSAGE_TYPES = ['user', 'admin', 'system'] as const;
export type TicketMessageType = (typeof TICKET_MESSAGE_TYPES)[number];

export const ADMIN_TABS = ['dashboard', 'users', 'beats', 'support', 'settings', 'logs'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** Challenge list filters; `all` sends no filter to GET /api/challenges. */
export const CHALLENGE_FILTERS = [
  { value: 'active', label: 'Active Now' },
  { value: 'upcoming', label: 'Starting Soon' },
  { value: 'ended', label: 'Recently Ended' },
  { value: 'all', label: 'All Challenges' },
] as const;
export type ChallengeFilter = (typeof CHALLENGE_FILTERS)[number]['value'];
export const DEFAULT_CHALLENGE_FILTER: ChallengeFilter = 'active';

/** Status badge of a challenge card, derived from its dates and winner (community.md §4). */
export const CHALLENGE_STATES = [
  { value: 'upcoming', label: 'Starting Soon' },
  { value: 'active', label: 'Active Now' },
  { value: 'voting_ended', label: 'Voting Ended' },
  { value: 'winner_announced', label: 'Winner Announced' },
] as const;
export type ChallengeState = (typeof CHALLENGE_STATES)[number]['value'];

export const COLLABORATION_REQUEST_TYPES = [
  { value: 'vocalist_needed', label: 'Vocalist Needed' },
  { value: 'producer_needed', label: 'Producer Needed' },
  { value: 'collaboration_offer', label: 'Open Collab' },
] as const;
export type CollaborationRequestType = (typeof COLLABORATION_REQUEST_TYPES)[number]['value'];

export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'professional'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

export const ACTIVITY_TABS = ['global', 'following', 'yours'] as const;
export type ActivityTab = (typeof ACTIVITY_TABS)[number];

// ---------------------------------------------------------------------------------------------
// Studio (community.md §3, §5, §9)
// ---------------------------------------------------------------------------------------------

export const VOCAL_PRESET_IDS = ['clean', 'pop', 'trap', 'rnb', 'rock', 'dreamy'] as const;
export type VocalPresetId = (typeof VOCAL_PRESET_IDS)[number];

/**
 * Slider ranges, keyed by the session_data field they edit. Beat volume and mic gain are shown
 * as percents while session_data stores fractions (0.7 = 70 %, 1 = 100 %). EQ 0-100 is shown
 * as -50 to +50 and pan 50 is centre.
 */
export const STUDIO_SLIDERS = {
  beatVolume: { min: 0, max: 100 },
  micVolume: { min: 0, max: 200 },
  autoTune: { min: 0, max: 100 },
  reverbAmount: { min: 0, max: 100 },
  delayAmount: { min: 0, max: 50 },
  chorus: { min: 0, max: 100 },
  distortion: { min: 0, max: 50 },
  gate: { min: 0, max: 50 },
  eqLow: { min: 0, max: 100 },
  eqMid: { min: 0, max: 100 },
  eqHigh: { min: 0, max: 100 },
  compression: { min: 0, max: 100 },
  vocalPan: { min: 0, max: 100 },
  countInBars: { min: 1, max: 4 },
} as const;

/** session_data defaults. The metronome default is not in the spec: off. */
export const STUDIO_DEFAULTS = {
  beatVolume: 0.7,
  micVolume: 1,
  metronomeEnabled: false,
  countInEnabled: true,
  countInBars: 2,
  loopEnabled: false,
  loopStart: 0,
  loopEnd: 100,
  reverbAmount: 20,
  delayAmount: 0,
  eqLow: 50,
  eqMid: 50,
  eqHigh: 50,
  compression: 30,
  vocalPan: 50,
  autoTune: 0,
  chorus: 0,
  distortion: 0,
  gate: 15,
  showWaveform: true,
  showLevelMeter: true,
} as const;

/** Audio engine figures of the studio (community.md §9). */
export const STUDIO_AUDIO = {
  SAMPLE_RATE: 48_000,
  RECORDING_MIME_TYPE: 'audio/webm;codecs=opus',
  RECORDING_CHUNK_MS: 100,
  /** A beat lasts 60000 / bpm ms; a beat without bpm counts as 120. */
  DEFAULT_BPM: 120,
  METRONOME_FREQUENCY_HZ: 800,
  METRONOME_DURATION_S: 0.1,
  /** EQ gain in dB is (value - 50) × EQ_DB_PER_STEP. */
  EQ_DB_PER_STEP: 0.3,
  EQ_LOW_SHELF_HZ: 320,
  EQ_PEAK_HZ: 1_000,
  EQ_HIGH_SHELF_HZ: 3_200,
  COMPRESSOR_THRESHOLD_DB: -24,
  COMPRESSOR_KNEE_DB: 30,
  COMPRESSOR_ATTACK_S: 0.003,
  COMPRESSOR_RELEASE_S: 0.25,
  /** Ratio is 1 + compression × COMPRESSOR_RATIO_PER_STEP. */
  COMPRESSOR_RATIO_PER_STEP: 0.19,
  REVERB_TAIL_S: 3,
  DELAY_MAX_S: 1,
  DELAY_DEFAULT_S: 0.3,
  DELAY_FEEDBACK: 0.3,
  LEVEL_METER_INTERVAL_MS: 50,
  /** Meter colour: green below 0.6, yellow up to 0.8, red above. */
  LEVEL_METER_YELLOW_FROM: 0.6,
  LEVEL_METER_RED_ABOVE: 0.8,
} as const;
