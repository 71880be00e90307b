// The platform settings admins edit in the Settings tab. Each key has one typed,
// validated value; the server stores it in platform_settings and the product reads it from
// there (with the server's configuration as the default while no admin has set it). The tier
// prices are the exception: the producer tier's own row is their single source of truth (every
// price shown, charged and invoiced reads it), so those keys read and write that row.
import { z } from 'zod';

const MB = 1024 * 1024;

/** The most a tier may cost per billing period, in cents ($1,000.00): a typo guard. */
export const MAX_TIER_PRICE_CENTS = 100_000;

const tierPriceCents = z
  .number('Must be a number')
  .int('Must be a whole number of cents')
  .min(1, 'Must be at least 1 cent')
  .max(MAX_TIER_PRICE_CENTS, `Must be at most ${MAX_TIER_PRICE_CENTS} cents`);

/** Every editable key: its value schema and the description the Settings tab shows. */
export const ADMIN_SETTINGS = {
  platform_fee_percent: {
    description: 'Share of every beat sale the platform keeps, in percent (0-50).',
    // Orders store the percent with two decimals: a finer value would be charged rounded.
    value: z
      .number('Must be a number')
      .min(0, 'Must be at least 0')
      .max(50, 'Must be at most 50')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'Must have at most two decimals'),
  },
  max_upload_mb: {
    description: 'Largest audio file a producer may upload, in MB (1-50).',
    value: z
      .number('Must be a number')
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(50, 'Must be at most 50'),
  },
  storage_quota_mb: {
    description: 'Storage each user may keep for uploads, in MB (at least 1).',
    value: z
      .number('Must be a number')
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(1024 * 1024, 'Must be at most 1048576'),
  },
  maintenance_banner: {
    description: 'Banner shown at the top of every page; empty hides it.',
    value: z.string('Must be text').trim().max(300, 'Must be at most 300 characters'),
  },
  tier_price_pro_cents: {
    description:
      'Price of the Pro tier per month, in cents. New subscriptions and every renewal pay it; a paid period keeps its price.',
    value: tierPriceCents,
  },
  tier_price_pro_annual_cents: {
    description:
      'Price of the Pro Annual tier per year, in cents. New subscriptions and every renewal pay it; a paid period keeps its price.',
    value: tierPriceCents,
  },
} as const;

export type AdminSettingKey = keyof typeof ADMIN_SETTINGS;
export const ADMIN_SETTING_KEYS = Object.keys(ADMIN_SETTINGS) as AdminSettingKey[];
export type AdminSettingValue<K extends AdminSettingKey> = z.infer<(typeof ADMIN_SETTINGS)[K]['value']>;
export type AdminSettingValues = { [K in AdminSettingKey]: AdminSettingValue<K> };

export function isAdminSettingKey(key: string): key is AdminSettingKey {
  return Object.hasOwn(ADMIN_SETTINGS, key);
}

/** The tier price keys and the slug of the producer tier whose price each one is. */
export const TIER_PRICE_SETTINGS = {
  tier_price_pro_cents: 'pro',
  tier_price_pro_annual_cents: 'pro_annual',
} as const satisfies Partial<Record<AdminSettingKey, string>>;
export type TierPriceSettingKey = keyof typeof TIER_PRICE_SETTINGS;
/** The keys stored in platform_settings (every key but the tier prices). */
export type StoredSettingKey = Exclude<AdminSettingKey, TierPriceSettingKey>;

export function isTierPriceSettingKey(key: AdminSettingKey): key is TierPriceSettingKey {
  return Object.hasOwn(TIER_PRICE_SETTINGS, key);
}

/** Converts bytes (the server's configuration) to the whole MB the settings hold. */
export const bytesToMb = (bytes: number) => Math.max(1, Math.round(bytes / MB));
export const mbToBytes = (mb: number) => mb * MB;

/** GET /api/settings/public: what every visitor's layout needs (the maintenance banner). */
export const PublicSettings = z.object({ maintenance_banner: z.string() });
export type PublicSettings = z.infer<typeof PublicSettings>;
