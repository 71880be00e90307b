import { LICENSE_IDS } from '@beatroom/shared/money-constants';
import { z } from 'zod';
import { defineJob } from '../jobs/job-runner';

const Uuid = z.string().uuid();
const Cents = z.number().int();

/**
 * One e-mail to send, by kind, with what its text needs from the event that caused it. `key`
 * names the cause (event, recipient, kind): whatever delivers the event again, one mail goes out.
 * The address is not carried: it is read from the account when the mail is sent.
 */
export const MailJob = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('receipt'),
    key: z.string(),
    userId: Uuid,
    orderId: Uuid,
    beatTitle: z.string(),
    licenseType: z.enum(LICENSE_IDS),
    amountCents: Cents,
    /** Every line of the order (the first one is beatTitle's); absent in a job queued before. */
    lines: z
      .array(
        z.object({
          beatId: Uuid,
          beatTitle: z.string(),
          licenseType: z.enum(LICENSE_IDS),
          amountCents: Cents,
        }),
      )
      .optional(),
  }),
  z.object({
    kind: z.literal('new_sale'),
    key: z.string(),
    userId: Uuid,
    orderId: Uuid,
    beatTitle: z.string(),
    licenseType: z.enum(LICENSE_IDS),
    netCents: Cents,
  }),
  z.object({
    kind: z.literal('support_reply'),
    key: z.string(),
    userId: Uuid,
    ticketNumber: z.string(),
  }),
  z.object({
    kind: z.literal('refund'),
    key: z.string(),
    userId: Uuid,
    orderId: Uuid,
    beatTitle: z.string(),
    amountCents: Cents,
    full: z.boolean(),
    creditNoteNumber: z.string(),
  }),
]);
export type MailJob = z.infer<typeof MailJob>;
export type MailKind = MailJob['kind'];

/**
 * Sends one mail. A mail server that is down or refuses is retried with backoff for over an
 * hour (5 s doubling, 10 retries); sent_mails keeps a retry from sending a second copy.
 */
export const SEND_MAIL = defineJob('mail.send', MailJob, {
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
});
