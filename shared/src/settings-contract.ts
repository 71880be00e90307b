// HTTP contract of the user settings: GET /api/user-settings answers
// every field (the defaults of settings-constants when the user never saved), PUT takes the
// whole object. Field names are camelCase, as the web app sends them.
import { z } from 'zod';
import { CURRENCIES } from './money-constants';
import {
  AUDIO_QUALITIES,
  DOWNLOAD_FORMATS,
  DOWNLOAD_QUALITIES,
  LANGUAGES,
  PROFILE_RESTRICTIONS,
  PROFILE_VISIBILITIES,
  THEMES,
  USER_SETTINGS_DEFAULTS,
} from './settings-constants';

/** An IANA zone name such as Europe/Berlin; kept short so it fits a header and a column. */
const Timezone = z.string().trim().min(1, 'timezone must not be empty').max(64, 'timezone is too long');

/**
 * Every user setting. Strict: an unknown key is a mistake of the caller (a typo would otherwise
 * be dropped silently while the user believes it saved), so it is a 400 naming the key.
 */
export const UserSettings = z
  .object({
    autoPlay: z.boolean(),
    /** 0-100 (the player keeps 0-1). */
    defaultVolume: z
      .number()
      .int('defaultVolume must be a whole number')
      .min(0, 'defaultVolume must be 0 to 100')
      .max(100, 'defaultVolume must be 0 to 100'),
    audioQuality: z.enum(AUDIO_QUALITIES),
    downloadFormat: z.enum(DOWNLOAD_FORMATS),
    downloadQuality: z.enum(DOWNLOAD_QUALITIES),
    autoDownload: z.boolean(),
    emailNotifications: z.boolean(),
    newFollowerNotifications: z.boolean(),
    newBeatNotifications: z.boolean(),
    reviewNotifications: z.boolean(),
    promotionalEmails: z.boolean(),
    /** E-mail after each paid order: the receipt, with the licence agreement attached. */
    receiptEmails: z.boolean(),
    /** E-mail to a producer for each sale. */
    saleEmails: z.boolean(),
    /** E-mail when support answers one of the user's tickets. */
    supportReplyEmails: z.boolean(),
    /** E-mail when an order is refunded, with the credit note attached. */
    refundEmails: z.boolean(),
    profileVisibility: z.enum(PROFILE_VISIBILITIES),
    showPlayHistory: z.boolean(),
    showFavorites: z.boolean(),
    showFollowing: z.boolean(),
    theme: z.enum(THEMES),
    language: z.enum(LANGUAGES),
    /** The browser's zone is shown when null; the settings screen shows it only. */
    timezone: Timezone.nullable(),
    preferredCurrency: z.enum(CURRENCIES),
  })
  .strict();
export type UserSettings = z.infer<typeof UserSettings>;

/** PUT /api/user-settings: the whole object, every field required. */
export const UserSettingsBody = UserSettings;
export type UserSettingsBody = UserSettings;

/** What a user who never saved has (and what visitors get on the web without asking). */
export const DEFAULT_USER_SETTINGS: UserSettings = { ...USER_SETTINGS_DEFAULTS };

/** Why another viewer sees only a profile's header (settings-constants.ts). */
export const ProfileRestriction = z.enum(PROFILE_RESTRICTIONS);
export type ProfileRestriction = z.infer<typeof ProfileRestriction>;
