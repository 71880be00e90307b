import type { UserSettings } from '@beatroom/shared/settings-contract';
import { displayName } from '@beatroom/shared/format-names';
import type { JobContext, Jobs } from '../jobs/job-runner';
import type { UserRecord } from '../users/user-record';
import { SEND_MAIL, type MailJob, type MailKind } from './mail-jobs';
import type { MailRepository } from './mail.repository';
import { mailContent } from './mail-templates';
import type { MailTransport, OutgoingMail } from './mail-transport';

/** The setting that turns each kind of mail off. */
const SETTING_OF: Record<MailKind, keyof UserSettings> = {
  receipt: 'receiptEmails',
  new_sale: 'saleEmails',
  support_reply: 'supportReplyEmails',
  refund: 'refundEmails',
};

/** The files a mail carries (licence agreement, credit note), made for its recipient. */
export type AttachmentsOf = (job: MailJob, recipient: UserRecord) => Promise<OutgoingMail['attachments']>;

interface Log {
  error(obj: object, msg: string): void;
}

/**
 * E-mail to users. `enqueue` runs in event handlers, after the change that caused the mail has
 * committed: it only queues a job (never sends inside a request or a transaction). `deliver`
 * runs that job: it takes the mail's key in sent_mails first, so a second job for the same cause
 * (the event delivered again) or a retry after the mail went out sends nothing.
 */
export function createMailService(deps: {
  repo: MailRepository;
  transport: MailTransport;
  jobs: Pick<Jobs, 'send'>;
  users: { findById(id: string): Promise<UserRecord | null> };
  settings: { get(user: UserRecord): Promise<UserSettings> };
  attachmentsOf: AttachmentsOf;
  siteUrl: string;
  log: Log;
}) {
  const { repo, transport, jobs, users, settings, log } = deps;

  /** The recipient and their settings, if the account still exists and wants this kind of mail. */
  async function wantedBy(job: MailJob): Promise<{ user: UserRecord; chosen: UserSettings } | null> {
    const user = await users.findById(job.userId);
    // An erased account keeps its row for the books, with no address left to write to.
    if (!user || !user.email) return null;
    const chosen = await settings.get(user);
    return chosen.emailNotifications && chosen[SETTING_OF[job.kind]] === true ? { user, chosen } : null;
  }

  return {
    /** Queues `job` unless mail is off or its recipient turned this kind off. */
    async enqueue(job: MailJob): Promise<void> {
      if (transport.mode === 'off') return;
      if (!(await wantedBy(job))) return;
      await jobs.send(SEND_MAIL, job);
    },

    /** Sends the mail of one job, at most once per key. Throws (to be retried) when sending fails. */
    async deliver(job: MailJob, context: JobContext): Promise<void> {
      const claim = { key: job.key, kind: job.kind, userId: job.userId, jobId: context.id };
      if (!(await repo.claim(claim))) return;
      // Asked again at sending time: a setting turned off while the job waited is respected.
      const wanted = await wantedBy(job);
      if (!wanted) return repo.finish(job.key, context.id, 'skipped');
      const { user, chosen } = wanted;
      try {
        const recipient = { name: displayName(user.name, user.id), currency: chosen.preferredCurrency };
        const content = mailContent(job, recipient, deps.siteUrl);
        await transport.send({
          to: user.email,
          ...content,
          attachments: await deps.attachmentsOf(job, user),
        });
      } catch (error) {
        await repo.finish(job.key, context.id, 'failed');
        if (context.lastAttempt) log.error({ err: error, key: job.key }, 'mail not sent, no retry left');
        throw error;
      }
      await repo.finish(job.key, context.id, 'sent');
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
