import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '../../../http/http-errors';
import { escapeHtml } from '../prerender/html';
import type { DevMailbox, MailSummary } from './dev-mailbox';

/** 127.0.0.1, ::1 and the IPv4-mapped form Node reports on a dual-stack socket. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Only a request made on this machine, straight to the server: a reverse proxy on the same host
 * connects from loopback too, so a forwarded request (any Forwarded / X-Forwarded-For header) is
 * not one, whatever TRUST_PROXY says.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return !forwarded && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

function page(mails: MailSummary[]): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.date)}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}</td>` +
        `<td><a href="/dev/mail/${m.file}">${m.file}</a></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mail written to files</title></head>
<body><h1>Mail written to files</h1>
<p>No SMTP_URL is set, so mail goes to files. ${mails.length} message(s), newest first.</p>
<table><thead><tr><th>Date</th><th>To</th><th>Subject</th><th>Message (.eml)</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>
`;
}

/**
 * GET /dev/mail: the mail written to files while no SMTP server is configured, as a page (or as
 * JSON for `Accept: application/json`), and each message as its .eml. Answered only when mail
 * goes to files (outside production, without SMTP_URL) and to requests from this machine;
 * otherwise a 404, registered all the same so that no other route (the web app's pages) answers.
 */
export function devMailRoutes(mailbox: DevMailbox, enabled: boolean): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!enabled || !fromThisMachine(request)) throw notFound();
    });

    app.get('/dev/mail', async (request, reply) => {
      const mails = await mailbox.list();
      reply.header('cache-control', 'no-store');
      if (request.headers.accept?.includes('application/json')) return { mails };
      return reply.type('text/html; charset=utf-8').send(page(mails));
    });

    app.get<{ Params: { file: string } }>('/dev/mail/:file', async (request, reply) => {
      const raw = await mailbox.read(request.params.file);
      if (!raw) throw notFound('No such mail');
      return reply
        .type('message/rfc822')
        .header('content-disposition', `attachment; filename="${request.params.file}"`)
        .header('cache-control', 'no-store')
        .send(raw);
    });
  };
}
