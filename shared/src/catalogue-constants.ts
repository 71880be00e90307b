// Catalogue lists: genres, moods, keys, sorts,
// ratings and the player's repeat modes, so server, web and desktop offer the same choices.
import { optionValues } from './option-values';

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

/** The header's genre menu lists seven genres: the first seven of GENRES. */
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

/** GET /api/beats `sort` values. The labels are ours. */
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

/** Profile uploads list and GET /api/users/{userId}/beats?sort=. */
export const PROFILE_BEAT_SORTS = [
  { value: 'newest', label: 'Newest First' },
  { value: 'popular', label: 'Most Plays' },
  { value: 'downloads', label: 'Most Downloads' },
] as const;
export type ProfileBeatSort = (typeof PROFILE_BEAT_SORTS)[number]['value'];

export const RATING_VALUES = [1, 2, 3, 4, 5] as const;
export type RatingValue = (typeof RATING_VALUES)[number];
export const RATING_LABELS = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
} as const satisfies Record<RatingValue, string>;

/** The player's repeat button cycles through these in order. */
export const REPEAT_MODES = ['none', 'all', 'one'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];
