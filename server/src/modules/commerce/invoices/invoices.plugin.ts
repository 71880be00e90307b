import fp from 'fastify-plugin';
import { createInvoicesRepository } from './invoices.repository';
import { invoicesRoutes } from './invoices.routes';
import { createInvoicesService, type InvoicesService } from './invoices.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Invoices (list, PDF) and licence agreement PDFs, each for its own parties only. */
    invoices: InvoicesService;
  }
}

/** Builds the invoices service and registers its routes. */
export const invoicesPlugin = fp(
  async (app) => {
    app.decorate(
      'invoices',
      createInvoicesService({
        repo: createInvoicesRepository(app.db.prisma),
        terms: (producerId) => app.licenceTerms.termsOf(producerId),
      }),
    );
    await app.register(invoicesRoutes);
  },
  { name: 'invoices', dependencies: ['db', 'auth', 'licence-terms'] },
);
