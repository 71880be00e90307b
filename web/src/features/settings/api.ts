import { ProducerLicenceTerms } from '@beatroom/shared/licence-terms-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

/** The settings feature's own query keys; the user settings themselves belong to the session feature. */
export const settingsKeys = {
  /** Per user: another account signed in on this browser must not read them. */
  licenceTerms: (userId: string) => ['settings', 'licence-terms', userId] as const,
};

/** GET /api/licence-terms: the signed-in producer's terms per licence (the defaults until saved). */
export function ownLicenceTermsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: settingsKeys.licenceTerms(userId),
    queryFn: ({ signal }) => apiClient.get('/api/licence-terms', { schema: ProducerLicenceTerms, signal }),
  });
}

/** PUT /api/licence-terms: the whole set; answers what was stored. */
export function saveLicenceTerms(body: ProducerLicenceTerms) {
  return apiClient.put('/api/licence-terms', { body, schema: ProducerLicenceTerms });
}
