import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { accountPlugin } from './modules/platform/account/account.plugin';
import { accountPaymentsPlugin } from './modules/commerce/account-payments/account-payments.plugin';
import { activityPlugin } from './modules/community/activity/activity.plugin';
import { adminPlugin } from './modules/operations/admin/admin.plugin';
import { adminSettingsPlugin } from './modules/operations/admin/admin-settings.plugin';
import { analyticsPlugin } from './modules/catalogue/analytics/analytics.plugin';
import { auditPlugin } from './modules/operations/audit/audit.plugin';
import { authPlugin } from './modules/platform/auth/auth.plugin';
import { beatsPlugin } from './modules/catalogue/beats/beats.plugin';
import { stemsPlugin } from './modules/catalogue/stems/stems.plugin';
import { cartPlugin } from './modules/commerce/cart/cart.plugin';
import { challengesPlugin } from './modules/community/challenges/challenges.plugin';
import { checkoutPlugin } from './modules/commerce/checkout/checkout.plugin';
import { couponsPlugin } from './modules/commerce/coupons/coupons.plugin';
import { collabSessionsPlugin } from './modules/community/collab-sessions/collab-sessions.plugin';
import { collaborationsPlugin } from './modules/community/collaborations/collaborations.plugin';
import { creditsPlugin } from './modules/commerce/credits/credits.plugin';
import { downloadsPlugin } from './modules/commerce/downloads/downloads.plugin';
import { earningsPlugin } from './modules/commerce/earnings/earnings.plugin';
import { filesPlugin } from './modules/catalogue/files/files.plugin';
import { followsPlugin } from './modules/community/follows/follows.plugin';
import { healthPlugin } from './modules/platform/health/health.plugin';
import { invoicesPlugin } from './modules/commerce/invoices/invoices.plugin';
import { licenceTermsPlugin } from './modules/commerce/licence-terms/licence-terms.plugin';
import { jobsPlugin } from './modules/platform/jobs/jobs.plugin';
import { livePlugin } from './modules/community/live/live.plugin';
import { mailPlugin } from './modules/platform/mail/mail.plugin';
import { myBeatsPlugin } from './modules/catalogue/my-beats/my-beats.plugin';
import { notificationsPlugin } from './modules/community/notifications/notifications.plugin';
import { ordersPlugin } from './modules/commerce/orders/orders.plugin';
import { paymentsPlugin } from './modules/commerce/payments/payments.plugin';
import { prerenderPlugin } from './modules/platform/prerender/prerender.plugin';
import { previewsPlugin } from './modules/catalogue/previews/previews.plugin';
import { profilesPlugin } from './modules/community/profiles/profiles.plugin';
import { promotionsPlugin } from './modules/commerce/promotions/promotions.plugin';
import { realtimePlugin } from './modules/platform/realtime/realtime.plugin';
import { reportsPlugin } from './modules/operations/reports/reports.plugin';
import { recordingsPlugin } from './modules/community/recordings/recordings.plugin';
import { seedPlugin } from './modules/platform/seed/seed.plugin';
import { seoPlugin } from './modules/platform/seo/seo.plugin';
import { studioPlugin } from './modules/community/studio/studio.plugin';
import { subscriptionsPlugin } from './modules/commerce/subscriptions/subscriptions.plugin';
import { supportPlugin } from './modules/operations/support/support.plugin';
import { uploadsPlugin } from './modules/catalogue/uploads/uploads.plugin';
import { userSettingsPlugin } from './modules/platform/user-settings/user-settings.plugin';
import { usersPlugin } from './modules/platform/users/users.plugin';
import { compressionPlugin } from './plugins/compression';
import { dbPlugin } from './plugins/db';
import { domainEventsPlugin } from './plugins/domain-events';
import { errorsPlugin } from './plugins/errors';
import { earlyAnswerPlugin } from './plugins/early-answer';
import { metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { storagePlugin } from './plugins/storage';
import { webPlugin } from './plugins/web';

/** Longest time to receive one whole request (headers and body); idle gaps are bounded apart. */
export const REQUEST_TIMEOUT_MS = 15 * 60_000;

/**
 * Builds the whole server: infrastructure plugins, then one plugin per module (its service,
 * routes and domain-event handlers), in dependency order. Listening is main.ts's job, so
 * tests build the same app and drive it with inject() or a real port.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Embedded PostgreSQL start-up plus migrations can take a while on a busy machine.
    pluginTimeout: 120_000,
    // Bounded connections: one silent for HTTP_IDLE_TIMEOUT_MS (half its headers sent, an
    // upload body stalled) is destroyed, and the upload's partial file goes with the failed
    // write; headers must be complete within the same time however slowly they trickle in;
    // a whole request (a 50 MB upload on a slow line included) within REQUEST_TIMEOUT_MS.
    // Idle keep-alive connections close after 72 s, past the 60 s of common load balancers.
    // WebSocket upgrades leave all of these (ws clears the socket timeout; pings keep it alive).
    connectionTimeout: config.httpIdleTimeoutMs,
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 72_000,
    http: {
      headersTimeout: config.httpIdleTimeoutMs,
      requestTimeout: REQUEST_TIMEOUT_MS,
      // How often Node checks the header and request deadlines (its default is 30 s).
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(config.httpIdleTimeoutMs / 4))),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(earlyAnswerPlugin);
  await app.register(securityPlugin, { config });
  // Before any route: it hooks into each route as the route is made.
  await app.register(compressionPlugin);
  // Also before any route: the API reference (/api/openapi.json, /api/docs) collects each route.
  await app.register(openapiPlugin);
  await app.register(dbPlugin, { config });
  // Prometheus metrics, only when METRICS_PORT is set (main.ts serves them there): before the
  // routes, whose answers it times.
  if (config.metrics) await app.register(metricsPlugin);
  // Before auth: a session that ends is a domain event (realtime closes its sockets).
  await app.register(domainEventsPlugin);
  // Durable background jobs on the same database; modules define their queues when registered.
  await app.register(jobsPlugin, { config });
  // Users, then sign-in and sessions: its cookie parser and session hook come before any route.
  await app.register(usersPlugin, { adminEmail: config.adminEmail });
  // The admin audit log and the platform settings admins edit, before the modules using them.
  await app.register(auditPlugin);
  await app.register(adminSettingsPlugin, { config });
  await app.register(authPlugin, { config });
  // Settings before the modules that honour them (profiles, activity, downloads, notifications).
  await app.register(userSettingsPlugin);
  await app.register(healthPlugin);

  // Catalogue: file storage, uploads, beats and what listeners do with them.
  await app.register(storagePlugin, { config });
  await app.register(uploadsPlugin, { config });
  // The public MP3 every beat streams, rendered by background jobs (beats delete its files).
  await app.register(previewsPlugin);
  await app.register(beatsPlugin, { config });
  await app.register(stemsPlugin);
  await app.register(filesPlugin, { config });
  await app.register(seedPlugin, { config });

  // Community and realtime: the event bus and sockets, then the modules reacting to domain
  // events. Each module plugin builds its service, registers its routes and its event handlers.
  await app.register(realtimePlugin, { config });
  await app.register(analyticsPlugin);
  await app.register(activityPlugin);
  await app.register(notificationsPlugin);
  await app.register(profilesPlugin, { config });
  await app.register(followsPlugin);
  await app.register(livePlugin);
  // Support tickets: members and the admins' desk; live pushes and notifications on ticket events.
  await app.register(supportPlugin, { config });

  // Selling: how money is taken (Stripe or the local test checkout), licences and purchases
  // with the one fulfilment function, then Stripe's webhook feeding it.
  await app.register(paymentsPlugin, { config });
  await app.register(ordersPlugin, { config });
  await app.register(couponsPlugin);
  await app.register(cartPlugin);
  await app.register(checkoutPlugin, { config });
  // What buyers and producers get afterwards: downloads, invoices and licence PDFs, earnings.
  await app.register(downloadsPlugin, { config });
  await app.register(licenceTermsPlugin);
  await app.register(invoicesPlugin);
  // E-mail from the events of sales, refunds and support replies; attaches the invoices' PDFs.
  await app.register(mailPlugin, { config });
  // Credits before the account payments that grant them and the promotions that spend them.
  await app.register(creditsPlugin);
  // Paying for account things (packs, promotions by card, subscriptions), then tiers and
  // subscriptions, whose first period is such a payment.
  await app.register(accountPaymentsPlugin, { config });
  await app.register(subscriptionsPlugin);
  // Promotions spend credits or go through account payments, and move beats up the catalogue.
  await app.register(promotionsPlugin);
  await app.register(earningsPlugin, { config });
  // A producer's own beats with their plays, sales and promotions ("My beats").
  await app.register(myBeatsPlugin);
  // The vocal studio: sessions and the beat's audio (master for licence holders), and the takes
  // saved from it.
  await app.register(studioPlugin, { config });
  await app.register(recordingsPlugin, { config });
  // Live collaborative sessions: members on tracks, takes from the recordings above.
  await app.register(collabSessionsPlugin, { config });
  // The collaboration board: accepting a response opens a collaborative session.
  await app.register(collaborationsPlugin);
  // Beat challenges: prizes and entry fees in escrow through the credits ledger,
  // entries from the recordings above, closed by the job runner at their end.
  await app.register(challengesPlugin, { config });
  // Last: deleting an account removes what every module above keeps of the user.
  await app.register(accountPlugin, { config });
  // The admin panel and moderation: its user deletion is the account deletion above.
  await app.register(adminPlugin, { config });
  await app.register(reportsPlugin);

  // robots.txt, the sitemap, and the head (title, Open Graph) the web app's pages are served with.
  await app.register(seoPlugin, { config });
  // The first screen of the public pages, rendered into the HTML before the app's script runs.
  await app.register(prerenderPlugin);

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
  );
  if (config.webDist) await app.register(webPlugin, { dist: config.webDist });

  return app;
}
