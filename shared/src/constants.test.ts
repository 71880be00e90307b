import { describe, expect, it } from 'vitest';
import {
  AUDIO_QUALITIES,
  BEAT_SORT_VALUES,
  CREDIT_PACKS,
  CURRENCIES,
  CURRENCY_SYMBOLS,
  DOWNLOAD_FORMATS,
  DOWNLOAD_QUALITIES,
  GENRES,
  HOME_GENRE_MENU,
  KEYS,
  LANGUAGES,
  LICENSES,
  LIMITS,
  MOODS,
  MUSIC_ROLE_VALUES,
  MUSIC_ROLES,
  musicRoleLabel,
  optionValues,
  PROFILE_VISIBILITIES,
  PROMOTION_OPTIONS,
  RATES,
  RATING_LABELS,
  SETTINGS_SECTIONS,
  STUDIO_DEFAULTS,
  STUDIO_SLIDERS,
  THEMES,
  TICKET_CATEGORIES,
  TIMINGS,
  USER_SETTINGS_DEFAULTS,
} from './constants';

const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

describe('catalogue lists', () => {
  it.each([
    ['GENRES', GENRES, 10],
    ['MOODS', MOODS, 10],
    ['KEYS', KEYS, 12],
    ['BEAT_SORT_VALUES', BEAT_SORT_VALUES, 6],
    ['MUSIC_ROLES', MUSIC_ROLES.map((r) => r.value), 12],
    ['SETTINGS_SECTIONS', SETTINGS_SECTIONS, 8],
    ['TICKET_CATEGORIES', TICKET_CATEGORIES.map((c) => c.value), 6],
  ] as const)('%s has %i distinct entries', (_name, values, count) => {
    expect(values).toHaveLength(count);
    expect(unique(values)).toBe(true);
  });

  it('the home genre menu is seven of the genres', () => {
    expect(HOME_GENRE_MENU).toHaveLength(7);
    for (const genre of HOME_GENRE_MENU) expect(GENRES).toContain(genre);
  });
});

describe('LICENSES', () => {
  it.each([
    ['basic', 1, false],
    ['premium', 2, true],
    ['exclusive', 10, false],
  ])('%s costs %ix the base price, popular %s', (id, multiple, popular) => {
    const licence = LICENSES.find((l) => l.id === id);
    expect(licence?.multiple).toBe(multiple);
    expect(licence?.popular).toBe(popular);
    expect(licence?.features.length).toBeGreaterThan(0);
  });
});

describe('CREDIT_PACKS', () => {
  it.each([
    [100, 100, 0],
    [500, 450, 50],
    [1000, 850, 150],
    [2500, 2000, 500],
    [5000, 3750, 1250],
    [10000, 7000, 3000],
  ])('%i credits cost %i cents with %i bonus', (credits, price, bonus) => {
    expect(CREDIT_PACKS.find((p) => p.credits === credits)).toMatchObject({ price_cents: price, bonus });
  });

  it('has six packs and only the 1000-credit pack is best value', () => {
    expect(CREDIT_PACKS).toHaveLength(6);
    expect(CREDIT_PACKS.filter((p) => p.bestValue).map((p) => p.credits)).toEqual([1000]);
  });
});

describe('PROMOTION_OPTIONS', () => {
  it.each([
    ['featured_week', 200, 199, 7],
    ['featured_month', 600, 599, 30],
    ['homepage_boost', 100, 99, 3],
  ])('%s costs %i credits or %i cents for %i days', (id, credits, cents, days) => {
    expect(PROMOTION_OPTIONS.find((o) => o.id === id)).toMatchObject({
      credits,
      price_cents: cents,
      durationDays: days,
    });
  });

  it('starts at $0.99 for 3 days', () => {
    const cheapest = [...PROMOTION_OPTIONS].sort((a, b) => a.price_cents - b.price_cents)[0];
    expect(cheapest).toMatchObject({ price_cents: 99, durationDays: 3 });
  });
});

describe('currency', () => {
  it.each([
    ['USD', 'USD', 1],
    ['USD', 'EUR', 0.85],
    ['EUR', 'USD', 1.18],
    ['EUR', 'EUR', 1],
  ] as const)('%s → %s is %d', (from, to, rate) => {
    expect(RATES[from][to]).toBe(rate);
  });

  it('has a symbol for each currency', () => {
    expect(CURRENCIES.map((c) => CURRENCY_SYMBOLS[c])).toEqual(['$', '€']);
  });
});

describe('LIMITS', () => {
  it.each([
    ['AUDIO_MAX_BYTES', 50 * 1024 * 1024],
    ['IMAGE_MAX_BYTES', 10 * 1024 * 1024],
    ['COVER_MAX_SIDE_PX', 800],
    ['COVER_JPEG_QUALITY', 0.8],
    ['BPM_MIN', 60],
    ['BPM_MAX', 200],
    ['PRICE_MAX', 100],
    ['PRICE_MAX_CENTS', 10_000],
    ['REVIEW_MAX', 500],
    ['DURATION_FILTER_MAX_SECONDS', 600],
    ['DEFAULT_VOLUME', 0.75],
  ] as const)('%s is %d', (key, value) => {
    expect(LIMITS[key]).toBe(value);
  });

  it('the largest USD price is 100.00 EUR converted', () => {});

  it('the player default volume matches the settings default', () => {
    expect(LIMITS.DEFAULT_VOLUME * 100).toBe(USER_SETTINGS_DEFAULTS.defaultVolume);
  });
});

describe('TIMINGS', () => {
  it('reconnect backoff doubling from the base reaches the cap', () => {
    expect(TIMINGS.RECONNECT_BASE_MS * 2 ** TIMINGS.RECONNECT_MAX_ATTEMPTS).toBeGreaterThanOrEqual(
      TIMINGS.RECONNECT_CAP_MS,
    );
  });
});

describe('USER_SETTINGS_DEFAULTS', () => {
  it.each([
    ['audioQuality', AUDIO_QUALITIES, 'high'],
    ['downloadFormat', DOWNLOAD_FORMATS, 'mp3'],
    ['downloadQuality', DOWNLOAD_QUALITIES, '320kbps'],
    ['profileVisibility', PROFILE_VISIBILITIES, 'public'],
    ['language', LANGUAGES, 'en'],
    ['theme', THEMES, 'dark'],
    ['preferredCurrency', CURRENCIES, 'USD'],
  ] as const)('%s defaults to an allowed value', (key, allowed, value) => {
    expect(USER_SETTINGS_DEFAULTS[key]).toBe(value);
    expect(allowed).toContain(value);
  });

  it('keeps the money.md toggles and leaves the time zone to the browser', () => {
    expect(USER_SETTINGS_DEFAULTS).toMatchObject({
      autoPlay: true,
      defaultVolume: 75,
      autoDownload: false,
      promotionalEmails: false,
      timezone: null,
    });
  });
});

describe('RATING_LABELS', () => {
  it.each([
    [1, 'Poor'],
    [2, 'Fair'],
    [3, 'Good'],
    [4, 'Very Good'],
    [5, 'Excellent'],
  ] as const)('%i is %s', (rating, label) => {
    expect(RATING_LABELS[rating]).toBe(label);
  });
});

describe('studio', () => {
  it.each(Object.entries(STUDIO_SLIDERS))('the %s default lies inside its slider', (key, range) => {
    const raw = STUDIO_DEFAULTS[key as keyof typeof STUDIO_SLIDERS];
    // Beat volume and mic gain are stored as fractions and shown as percents.
    const shown = key === 'beatVolume' || key === 'micVolume' ? raw * 100 : raw;
    expect(shown).toBeGreaterThanOrEqual(range.min);
    expect(shown).toBeLessThanOrEqual(range.max);
  });
});

describe('optionValues and musicRoleLabel', () => {
  it('lists every option value in order', () => {
    expect(MUSIC_ROLE_VALUES).toEqual(MUSIC_ROLES.map((r) => r.value));
    expect(optionValues([{ value: 'a' }, { value: 'b' }] as const)).toEqual(['a', 'b']);
  });

  it.each([
    ['sound_engineer', 'Sound Engineer'],
    ['dj', 'DJ'],
    ['astronaut', null],
    [null, null],
    [undefined, null],
  ])('labels the music role %s as %s', (role, label) => {
    expect(musicRoleLabel(role)).toBe(label);
  });
});
