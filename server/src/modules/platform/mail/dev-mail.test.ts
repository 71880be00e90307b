import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { buyLocally, insertPricedBeat } from '../../../../test/selling-fixtures';
import { SEND_MAIL } from './mail-jobs';

let t: Awaited<ReturnType<typeof createTestApp>>;
let fan: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp(); // no SMTP_URL, outside production: mail goes to DATA_DIR/mail
  const producer = await member(t.app, 'producer@example.com');
  fan = await member(t.app, 'fan@example.com');
  const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 1000, title: 'Filed Away' });
  await buyLocally(fan.agent, beat, 'basic');
  await t.app.domainEvents.drained();
  await t.app.jobs.drained(SEND_MAIL);
});
afterAll(async () => t?.close());

const fromOutside = { remoteAddress: '203.0.113.9' };

describe('mail without SMTP_URL, outside production', () => {
  it('writes each mail to DATA_DIR/mail as an .eml file', async () => {
    const files = readdirSync(join(t.config.dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2); // the receipt and the new sale
  });

  it('GET /dev/mail lists them from this machine, as JSON or a page, and serves each .eml', async () => {
    const res = await t.app.inject({ url: '/dev/mail', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    const { mails } = res.json() as { mails: { to: string; subject: string; date: string; file: string }[] };
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['fan@example.com', 'Your receipt: Filed Away'],
      ['producer@example.com', 'New sale: Filed Away'],
    ]);
    const receipt = mails.find((m) => m.to === 'fan@example.com')!;

    const page = await t.app.inject({ url: '/dev/mail' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Your receipt: Filed Away');
    expect(page.body).toContain(`href="/dev/mail/${receipt.file}"`);

    const eml = await t.app.inject({ url: `/dev/mail/${receipt.file}` });
    expect(eml.statusCode).toBe(200);
    expect(eml.headers['content-type']).toBe('message/rfc822');
    const parsed = await simpleParser(eml.rawPayload);
    expect(parsed.subject).toBe('Your receipt: Filed Away');
    expect(parsed.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });

  it('404 for a name it did not write: unknown, malformed, or reaching out of the folder', async () => {
    for (const file of ['20260101T000000000Z-00000000.eml', 'nope', '..%2F..%2Fsession-secret']) {
      const res = await t.app.inject({ url: `/dev/mail/${file}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('404 to anyone not on this machine, a forwarded request through a local proxy included', async () => {
    const [listed] = (
      await t.app.inject({ url: '/dev/mail', headers: { accept: 'application/json' } })
    ).json().mails as { file: string }[];
    for (const request of [
      { url: '/dev/mail', ...fromOutside },
      { url: `/dev/mail/${listed!.file}`, ...fromOutside },
      { url: '/dev/mail', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { url: '/dev/mail', headers: { forwarded: 'for=203.0.113.9' } },
    ]) {
      const res = await t.app.inject(request);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
    // Signed in changes nothing: the page is for the machine, not for an account.
    expect((await fan.agent.request({ url: '/dev/mail', remoteAddress: '203.0.113.9' })).statusCode).toBe(
      404,
    );
  });
});

describe('mail in production without SMTP_URL', () => {
  it('sends nothing, writes no file, and /dev/mail is a 404 even from this machine', async () => {
    const prod = await createTestApp({ env: 'production' });
    try {
      const producer = await member(prod.app, 'producer@example.com');
      const buyer = await member(prod.app, 'fan@example.com');
      const beat = await insertPricedBeat(prod.app, producer.id, { priceCents: 1000 });
      await buyLocally(buyer.agent, beat, 'basic');
      await prod.app.domainEvents.drained();
      expect(await prod.app.db.prisma.sentMail.count()).toBe(0);
      expect(readdirSync(prod.config.dataDir)).not.toContain('mail');
      const res = await prod.app.inject({ url: '/dev/mail' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    } finally {
      await prod.close();
    }
  });
});
