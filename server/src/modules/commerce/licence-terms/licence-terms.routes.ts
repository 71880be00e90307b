import { ProducerLicenceTerms } from '@beatroom/shared/licence-terms-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../../http/authenticate';
import { errorResponses } from '../../../http/error-responses';
import { userIdParams } from '../../../http/params';

/** Settings → Licence terms (the producer's own) and any producer's terms, read by the beat page. */
export const licenceTermsRoutes: FastifyPluginAsyncZod = async (app) => {
  const terms = app.licenceTerms;

  app.get(
    '/api/licence-terms',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: ProducerLicenceTerms, ...errorResponses(401) } },
    },
    async (request) => terms.mine(signedInUser(request)),
  );

  app.put(
    '/api/licence-terms',
    {
      onRequest: app.authenticate,
      schema: {
        body: ProducerLicenceTerms,
        response: { 200: ProducerLicenceTerms, ...errorResponses(400, 401) },
      },
    },
    async (request) => terms.save(signedInUser(request), request.body),
  );

  app.get(
    '/api/users/:id/licence-terms',
    { schema: { params: userIdParams, response: { 200: ProducerLicenceTerms, ...errorResponses(404) } } },
    async (request) => terms.forProducer(request.params.id),
  );
};
