import fp from 'fastify-plugin';
import { createLicenceTermsRepository } from './licence-terms.repository';
import { licenceTermsRoutes } from './licence-terms.routes';
import { createLicenceTermsService, type LicenceTermsService } from './licence-terms.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Producers' licence terms; invoices read `termsOf(producerId)` for the licence PDF. */
    licenceTerms: LicenceTermsService;
  }
}

export const licenceTermsPlugin = fp(
  async (app) => {
    app.decorate(
      'licenceTerms',
      createLicenceTermsService({ repo: createLicenceTermsRepository(app.db.prisma) }),
    );
    await app.register(licenceTermsRoutes);
  },
  { name: 'licence-terms', dependencies: ['db', 'auth'] },
);
