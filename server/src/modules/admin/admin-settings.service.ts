import {
  ADMIN_SETTING_KEYS,
  ADMIN_SETTINGS,
  isAdminSettingKey,
  type AdminSettingKey,
  type AdminSettingValue,
  type AdminSettingValues,
} from '@beatroom/shared/admin-settings';
import type { AdminSettingRow } from '@beatroom/shared/admin-contract';
import { badRequest, notFound } from '../../http/http-errors';
import type { AuditService } from '../audit/audit.service';
import type { UserRecord } from '../users/user-record';
import type { AdminSettingsRepository } from './admin-settings.repository';

/**
 * The platform settings admins edit (issue 14). The stored value is the source the product
 * reads (platform fee at checkout, upload size and storage quota at upload, the maintenance
 * banner in the layout); while an admin has not set a key, its default comes from the server's
 * configuration. A stored value that no longer validates (an older rule) reads as the default.
 */
export function createAdminSettingsService(deps: {
  repo: AdminSettingsRepository;
  audit: Pick<AuditService, 'record'>;
  defaults: AdminSettingValues;
}) {
  const { repo, defaults } = deps;

  function read<K extends AdminSettingKey>(key: K, stored: unknown): AdminSettingValue<K> {
    if (stored === undefined) return defaults[key];
    const parsed = ADMIN_SETTINGS[key].value.safeParse(stored);
    return parsed.success ? (parsed.data as AdminSettingValue<K>) : defaults[key];
  }

  return {
    /** One setting's current value (the product's read). */
    async get<K extends AdminSettingKey>(key: K): Promise<AdminSettingValue<K>> {
      return read(key, await repo.one(key));
    },

    /** GET /api/admin/settings: every key with its value and description. */
    async list(): Promise<{ settings: AdminSettingRow[] }> {
      const stored = await repo.all();
      return {
        settings: ADMIN_SETTING_KEYS.map((key) => ({
          key,
          value: read(key, stored.get(key)),
          description: ADMIN_SETTINGS[key].description,
        })),
      };
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
      await repo.transaction(async (tx) => {
        const before = read(key, await repo.lock(tx, key));
        await repo.put(tx, key, value);
        await deps.audit.record(tx, {
          adminId: admin.id,
          action: 'setting.update',
          targetType: 'setting',
          targetId: key,
          before: { value: before },
          after: { value },
        });
      });
      return { key, value, description: ADMIN_SETTINGS[key].description };
    },
  };
}

export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
