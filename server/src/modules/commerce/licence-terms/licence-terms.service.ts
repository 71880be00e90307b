import { DEFAULT_LICENCE_TERMS, ProducerLicenceTerms } from '@beatroom/shared/licence-terms-contract';
import { notFound } from '../../../http/http-errors';
import { USER_NOT_FOUND } from '../../../http/params';
import type { UserRecord } from '../../platform/users/user-record';
import type { LicenceTermsRepository } from './licence-terms.repository';

/**
 * Licence terms per producer (docs/domain.md#licences-and-downloads): anyone reads a producer's
 * terms (the beat page shows them before a purchase), only the producer writes their own. A
 * producer without a row, or with a row that no longer parses, has the defaults.
 */
export function createLicenceTermsService(deps: { repo: LicenceTermsRepository }) {
  const { repo } = deps;

  async function termsOf(userId: string): Promise<ProducerLicenceTerms> {
    const parsed = ProducerLicenceTerms.safeParse(await repo.terms(userId));
    return parsed.success ? parsed.data : DEFAULT_LICENCE_TERMS;
  }

  return {
    termsOf,
    /** GET /api/users/{id}/licence-terms */
    async forProducer(userId: string): Promise<ProducerLicenceTerms> {
      if (!(await repo.userExists(userId))) throw notFound(USER_NOT_FOUND);
      return termsOf(userId);
    },
    /** GET /api/licence-terms */
    async mine(user: UserRecord): Promise<ProducerLicenceTerms> {
      return termsOf(user.id);
    },
    /** PUT /api/licence-terms: the whole set, validated by the contract. */
    async save(user: UserRecord, terms: ProducerLicenceTerms): Promise<ProducerLicenceTerms> {
      await repo.save(user.id, terms);
      return terms;
    },
  };
}
export type LicenceTermsService = ReturnType<typeof createLicenceTermsService>;
