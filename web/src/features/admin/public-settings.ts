import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/**
 * GET /api/settings/public: the maintenance banner every page's layout shows. Kept apart from
 * api.ts and read without a zod schema: the layout is in every page's first load, which must
 * not pull zod in (the first-load budget).
 */
export const publicSettingsKey = ['public-settings'] as const;

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: publicSettingsKey,
    queryFn: async ({ signal }) => {
      const body = await apiClient.get<{ maintenance_banner?: unknown }>('/api/settings/public', { signal });
      return {
        maintenance_banner: typeof body.maintenance_banner === 'string' ? body.maintenance_banner : '',
      };
    },
    staleTime: 60_000,
  });
