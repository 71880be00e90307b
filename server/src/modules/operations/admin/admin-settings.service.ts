import {
  ADMIN_SETTING_KEYS,
  ADMIN_SETTINGS,
  isAdminSettingKey,
  isTierPriceSettingKey,
  TIER_PRICE_SETTINGS,
  type AdminSettingKey,
  type AdminSettingValue,
  type AdminSettingValues,
  type StoredSettingKey,
  type TierPriceSettingKey,
} from '@beatroom/shared/admin-settings';
import type { AdminSettingRow } from '@beatroom/shared/admin-contract';
import type { Tx } from '../../../db/transaction';
import { badRequest, notFound } from '../../../http/http-errors';
import type { AuditService } from '../audit/audit.service';
import type { UserRecord } from '../../platform/users/user-record';
import type { AdminSettingsRepository } from './admin-settings.repository';

/**
 * Where the tier prices live: the producer tier's row (the subscriptions module's
 * `app.subscriptions.tierPrices`), which everything that shows or charges a price reads.
 */
export interface TierPrices {
  get(slug: string): Promise<number | null>;
  /** The tier's id and price under its row lock, or null when the tier does not exist. */
  lock(tx: Tx, slug: string): Promise<{ id: string; priceCents: number } | null>;
  set(tx: Tx, tierId: string, priceCents: number): Promise<void>;
  /** After the commit: subscriptions billed elsewhere (Stripe) follow the new price. */
  changed(tierId: string): Promise<void>;
}

/**
 * The platform settings admins edit. The stored value is the source the product
 * reads (platform fee at checkout, upload size and storage quota at upload, the maintenance
 * banner in the layout); while an admin has not set a key, its default comes from the server's
 * configuration. A stored value that no longer validates (an older rule) reads as the default.
 * The tier prices are read from and written to the tier's own row, audited the same way.
 */
export function createAdminSettingsService(deps: {
  repo: AdminSettingsRepository;
  audit: Pick<AuditService, 'record'>;
  defaults: Omit<AdminSettingValues, TierPriceSettingKey>;
  /** Looked up at call time: the subscriptions module registers after this one. */
  tierPrices: () => TierPrices;
}) {
  const { repo, defaults } = deps;

  function read<K extends StoredSettingKey>(key: K, stored: unknown): AdminSettingValue<K> {
    if (stored === undefined) return defaults[key];
    const parsed = ADMIN_SETTINGS[key].value.safeParse(stored);
    return parsed.success ? (parsed.data as AdminSettingValue<K>) : defaults[key];
  }

  async function tierPrice(key: TierPriceSettingKey): Promise<number> {
    const price = await deps.tierPrices().get(TIER_PRICE_SETTINGS[key]);
    // The tiers are seeded by a migration in every database: a missing one is a broken install.
    if (price === null) throw new Error(`The tier of ${key} (${TIER_PRICE_SETTINGS[key]}) does not exist`);
    return price;
  }

  const row = (key: AdminSettingKey, value: AdminSettingRow['value']): AdminSettingRow => ({
    key,
    value,
    description: ADMIN_SETTINGS[key].description,
  });

  /** Locks the key's current value, writes the new one and its audit row in `tx`. */
  async function write(tx: Tx, admin: UserRecord, key: AdminSettingKey, value: unknown) {
    let before: unknown;
    let afterCommit: (() => Promise<void>) | null = null;
    if (isTierPriceSettingKey(key)) {
      const tiers = deps.tierPrices();
      const tier = await tiers.lock(tx, TIER_PRICE_SETTINGS[key]);
      if (!tier) throw notFound(`Unknown setting: ${key}`);
      before = tier.priceCents;
      await tiers.set(tx, tier.id, value as number);
      if (tier.priceCents !== value) afterCommit = () => tiers.changed(tier.id);
    } else {
      before = read(key, await repo.lock(tx, key));
      await repo.put(tx, key, value);
    }
    await deps.audit.record(tx, {
      adminId: admin.id,
      action: 'setting.update',
      targetType: 'setting',
      targetId: key,
      before: { value: before },
      after: { value },
    });
    return afterCommit;
  }

  return {
    /** One setting's current value (the product's read). */
    async get<K extends AdminSettingKey>(key: K): Promise<AdminSettingValue<K>> {
      if (isTierPriceSettingKey(key)) return (await tierPrice(key)) as AdminSettingValue<K>;
      return read(key as StoredSettingKey, await repo.one(key)) as AdminSettingValue<K>;
    },

    /** GET /api/admin/settings: every key with its value and description. */
    async list(): Promise<{ settings: AdminSettingRow[] }> {
      const stored = await repo.all();
      const settings: AdminSettingRow[] = [];
      for (const key of ADMIN_SETTING_KEYS) {
        settings.push(
          row(key, isTierPriceSettingKey(key) ? await tierPrice(key) : read(key, stored.get(key))),
        );
      }
      return { settings };
    },

    /**
     * PATCH /api/admin/settings/{key}: validated by the key's own schema (400 with its message,
     * nothing changed), stored and audited in one transaction.
     */
    async set(admin: UserRecord, key: string, raw: unknown): Promise<AdminSettingRow> {
      if (!isAdminSettingKey(key)) throw notFound(`Unknown setting: ${key}`);
      const parsed = ADMIN_SETTINGS[key].value.safeParse(raw);
      if (!parsed.success) throw badRequest(`${key}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`);
      const value = parsed.data;
      const afterCommit = await repo.transaction((tx) => write(tx, admin, key, value));
      await afterCommit?.();
      return row(key, value);
    },
  };
}

export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
