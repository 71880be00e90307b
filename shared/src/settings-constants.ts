// User settings of the personal account: their choices and
// defaults, shared by the settings screen and the settings routes.
import { DEFAULT_CURRENCY } from './money-constants';

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
  receiptEmails: true,
  saleEmails: true,
  supportReplyEmails: true,
  refundEmails: true,
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
  'licence-terms',
  'audio',
  'download',
  'notifications',
  'privacy',
  'display',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/**
 * Why another viewer sees only a profile's header (profileVisibility): 'followers' when the
 * profile is for followers and the viewer is not one, 'private' when it is for its owner alone.
 */
export const PROFILE_RESTRICTIONS = ['followers', 'private'] as const;
export type ProfileRestriction = (typeof PROFILE_RESTRICTIONS)[number];

/** The answer (403 on a profile's lists) and the text the profile shows instead of them. */
export const PROFILE_RESTRICTED_MESSAGES = {
  followers: 'This profile is only visible to its followers',
  private: 'This profile is private',
} as const satisfies Record<ProfileRestriction, string>;
