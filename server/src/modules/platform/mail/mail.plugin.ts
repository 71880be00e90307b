import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../../../config';
import { createDevMailbox } from './dev-mailbox';
import { mailAttachments } from './mail-attachments';
import { registerMailEvents } from './mail-events';
import { SEND_MAIL } from './mail-jobs';
import { createMailRepository } from './mail.repository';
import { devMailRoutes } from './mail.routes';
import { createMailService, type MailService } from './mail.service';
import { createMailTransport } from './mail-transport';

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mail to users: queued from domain events, sent by a job, at most once per cause. */
    mail: MailService;
  }
}

/**
 * Mail: receipts, sales, support replies and refunds, each caused by a domain event. Sent through
 * SMTP_URL; without it, written to DATA_DIR/mail outside production (listed at /dev/mail) and
 * not sent at all in production.
 */
export const mailPlugin = fp(
  async (app, opts: { config: Config }) => {
    const { config } = opts;
    const mailbox = createDevMailbox(join(config.dataDir, 'mail'));
    const transport = createMailTransport({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      production: config.env === 'production',
      mailbox,
    });
    if (transport.mode === 'off') app.log.warn('SMTP_URL is not set: e-mail is disabled');
    if (transport.mode === 'files')
      app.log.info({ dir: mailbox.dir }, 'no SMTP_URL: mail is written to files');

    const mail = createMailService({
      repo: createMailRepository(app.db.prisma),
      transport,
      jobs: app.jobs,
      users: app.users,
      settings: app.userSettings,
      attachmentsOf: mailAttachments(app.invoices),
      siteUrl: config.publicUrl,
      log: app.log,
    });
    app.decorate('mail', mail);
    registerMailEvents(app.domainEvents, mail);
    await app.jobs.work(SEND_MAIL, (job, context) => mail.deliver(job, context), { concurrency: 2 });
    app.addHook('onClose', async () => transport.close());

    await app.register(devMailRoutes(mailbox, transport.mode === 'files'));
  },
  { name: 'mail', dependencies: ['db', 'jobs', 'domain-events', 'users', 'user-settings', 'invoices'] },
);
