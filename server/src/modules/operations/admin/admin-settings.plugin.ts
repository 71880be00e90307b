import { bytesToMb, mbToBytes, PublicSettings } from '@beatroom/shared/admin-settings';
import { LIMITS } from '@beatroom/shared/limits';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import { createAdminSettingsRepository } from './admin-settings.repository';
import { createAdminSettingsService, type AdminSettingsService } from './admin-settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Platform settings admins edit. Modules read them here, not from config:
     * `await app.adminSettings.get('platform_fee_percent')`, and the byte limits through
     * `storageQuotaBytes()` / `maxAudioUploadBytes()` (config's exact bytes while unset).
     */
    adminSettings: AdminSettingsService & {
      storageQuotaBytes(): Promise<number>;
      maxAudioUploadBytes(): Promise<number>;
    };
  }
}

/** GET /api/settings/public: the maintenance banner every layout shows (no sign-in needed). */
const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/public',
    { schema: { response: { 200: PublicSettings } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { maintenance_banner: await app.adminSettings.get('maintenance_banner') };
    },
  );
};

export const adminSettingsPlugin = fp(
  async (app, opts: { config: Config }) => {
    const repo = createAdminSettingsRepository(app.db.prisma);
    const service = createAdminSettingsService({
      repo,
      audit: app.audit,
      defaults: {
        platform_fee_percent: 0,
        max_upload_mb: bytesToMb(LIMITS.AUDIO_MAX_BYTES),
        storage_quota_mb: bytesToMb(opts.config.storageQuotaBytes),
        maintenance_banner: '',
      },
      tierPrices: () => app.subscriptions.tierPrices,
    });
    app.decorate('adminSettings', {
      ...service,
      // Unset: the configured bytes exactly (a deployment's STORAGE_QUOTA_BYTES need not be whole MB).
      async storageQuotaBytes() {
        const stored = await repo.one('storage_quota_mb');
        return stored === undefined
          ? opts.config.storageQuotaBytes
          : mbToBytes(await service.get('storage_quota_mb'));
      },
      async maxAudioUploadBytes() {
        return mbToBytes(await service.get('max_upload_mb'));
      },
    });
    await app.register(publicSettingsRoutes);
  },
  { name: 'admin-settings', dependencies: ['db', 'audit'] },
);
