import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { pdfText } from '../../../../test/pdf-text';
import { buyLocally, insertPricedBeat } from '../../../../test/selling-fixtures';
import { startSmtpSink } from '../../../../test/smtp-sink';
import { SEND_MAIL } from './mail-jobs';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let producer: Awaited<ReturnType<typeof member>>;
let fan: Awaited<ReturnType<typeof member>>;
let admin: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({}, { SMTP_URL: smtp.url, MAIL_FROM: 'Beatroom <mail@beatroom.test>' });
  producer = await member(t.app, 'producer@example.com');
  fan = await member(t.app, 'fan@example.com');
  admin = await member(t.app, 'desk@example.com');
  await t.app.db.prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Every event delivered and every mail job finished (sent, or out of retries). */
async function settled() {
  await t.app.domainEvents.drained();
  await t.app.jobs.drained(SEND_MAIL, { timeoutMs: 60_000 });
}

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a?.text);
const mailsTo = (email: string, subject: string) =>
  smtp.received.filter((m) => to(m).includes(email) && m.subject === subject);

async function setSetting(who: typeof fan, key: string, value: boolean | string) {
  const current = (await who.agent.get('/api/user-settings')).json() as Record<string, unknown>;
  const res = await who.agent.request({
    method: 'PUT',
    url: '/api/user-settings',
    payload: { ...current, [key]: value },
  });
  expect(res.statusCode).toBe(200);
}

/** Sells a new beat to the fan while `who` has `setting` off, then turns it back on. */
async function sellWithSettingOff(who: typeof fan, setting: string, title: string) {
  await setSetting(who, setting, false);
  const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 1000, title });
  await buyLocally(fan.agent, beat, 'basic');
  await settled();
  await setSetting(who, setting, true);
}

describe('mail after a paid order', () => {
  it('sends the buyer one receipt with the licence agreement, however often the sale is delivered', async () => {
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 1200, title: 'Velvet Rooms' });
    const orderId = await buyLocally(fan.agent, beat, 'premium');
    await settled();

    const receipts = mailsTo('fan@example.com', 'Your receipt: Velvet Rooms');
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    expect(receipt.from?.value).toEqual([{ name: 'Beatroom', address: 'mail@beatroom.test' }]);
    expect(receipt.text).toContain('Premium licence for Velvet Rooms for $24.00 USD');
    // A link to the purchases page, never a signed file URL.
    expect(receipt.text).toContain('http://localhost:3000/downloads');
    expect(receipt.text).not.toMatch(/token=|signature=|expires=/i);
    expect(receipt.html).toContain('<a href="http://localhost:3000/downloads">');
    expect(receipt.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`licence-${orderId}.pdf`, 'application/pdf'],
    ]);
    expect(pdfText(receipt.attachments[0]!.content).join('\n')).toContain('Velvet Rooms');

    // The outbox delivers the same event again (a dispatcher that died before marking it).
    const event = await t.app.db.prisma.outboxEvent.findFirstOrThrow({
      where: { type: 'beat.purchased', payload: { path: ['orderId'], equals: orderId } },
    });
    await t.app.db.prisma.outboxEvent.update({ where: { id: event.id }, data: { deliveredAt: null } });
    await t.app.domainEvents.deliver([event.id]);
    // And the same job runs a second time (a retry whose first run had sent).
    await t.app.jobs.send(SEND_MAIL, {
      kind: 'receipt',
      key: `${event.id}:${fan.id}:receipt`,
      userId: fan.id,
      orderId,
      beatTitle: 'Velvet Rooms',
      licenseType: 'premium',
      amountCents: 2400,
    });
    await settled();
    expect(mailsTo('fan@example.com', 'Your receipt: Velvet Rooms')).toHaveLength(1);
    expect(mailsTo('producer@example.com', 'New sale: Velvet Rooms')).toHaveLength(1);
  });

  it('tells the producer of the sale, unless they turned sale e-mails off', async () => {
    await setSetting(producer, 'preferredCurrency', 'EUR');
    const first = await insertPricedBeat(t.app, producer.id, { priceCents: 1000, title: 'Told Sale' });
    await buyLocally(fan.agent, first, 'basic');
    await settled();
    await setSetting(producer, 'preferredCurrency', 'USD');
    const [sale] = mailsTo('producer@example.com', 'New sale: Told Sale');
    // Charged in USD, said so, with the producer's own currency beside it.
    expect(sale?.text).toMatch(
      /Someone bought a Basic licence for Told Sale: \$[\d.]+ USD \(≈ €[\d.]+\) to you/,
    );
    expect(sale?.text).toContain('http://localhost:3000/earnings');
    expect(sale?.attachments).toEqual([]);

    await sellWithSettingOff(producer, 'saleEmails', 'Quiet Sale');
    expect(mailsTo('producer@example.com', 'New sale: Quiet Sale')).toEqual([]);
    // The buyer's own receipt is their own setting's business.
    expect(mailsTo('fan@example.com', 'Your receipt: Quiet Sale')).toHaveLength(1);
  });

  it('sends nothing at all to someone who turned e-mail notifications off', async () => {
    await sellWithSettingOff(fan, 'emailNotifications', 'No Receipt');
    expect(mailsTo('fan@example.com', 'Your receipt: No Receipt')).toEqual([]);
    expect(mailsTo('producer@example.com', 'New sale: No Receipt')).toHaveLength(1);
  });

  it('retries a mail the server refused for a while, and sends it once', async () => {
    smtp.refuseNext(1);
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 1000, title: 'Busy Server' });
    await buyLocally(fan.agent, beat, 'basic');
    await settled();
    expect(mailsTo('fan@example.com', 'Your receipt: Busy Server')).toHaveLength(1);
    const rows = await t.app.db.prisma.sentMail.findMany({ where: { userId: fan.id, kind: 'receipt' } });
    expect(rows.every((r) => r.status === 'sent' && r.sentAt)).toBe(true);
  }, 60_000);
});

describe('mail after a refund', () => {
  it('sends the buyer the refund with the credit note attached', async () => {
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 900, title: 'Refunded Rooms' });
    const orderId = await buyLocally(fan.agent, beat, 'basic');
    const res = await admin.agent.post(`/api/admin/orders/${orderId}/refund`, { reason: 'Buyer asked' });
    expect(res.statusCode).toBe(200);
    await settled();
    const note = await t.app.db.prisma.creditNote.findFirstOrThrow({ where: { refund: { orderId } } });

    const mails = mailsTo('fan@example.com', 'Refund: Refunded Rooms');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your purchase of Refunded Rooms was refunded: $9.00 USD back');
    expect(mails[0]!.attachments.map((a) => a.filename)).toEqual([`${note.creditNoteNumber}.pdf`]);
    expect(pdfText(mails[0]!.attachments[0]!.content).join('\n')).toContain(note.creditNoteNumber);
  });

  it('sends no refund mail to a buyer who turned refund e-mails off', async () => {
    await setSetting(fan, 'refundEmails', false);
    const beat = await insertPricedBeat(t.app, producer.id, { priceCents: 900, title: 'Silent Refund' });
    const orderId = await buyLocally(fan.agent, beat, 'basic');
    await admin.agent.post(`/api/admin/orders/${orderId}/refund`, { reason: 'Buyer asked' });
    await settled();
    expect(mailsTo('fan@example.com', 'Refund: Silent Refund')).toEqual([]);
    await setSetting(fan, 'refundEmails', true);
  });
});

describe('mail after a support reply', () => {
  it('tells the ticket’s owner when support answers, never of an internal note', async () => {
    const created = await fan.agent.post('/api/support/tickets', {
      subject: 'Where is my file?',
      category: 'billing',
      description: 'The download does not start.',
    });
    expect(created.statusCode).toBe(201);
    const number = created.json().ticket_number as string;
    const subject = `Support replied to your ticket ${number}`;
    const reply = (body: object) => admin.agent.post(`/api/admin/support/tickets/${number}/messages`, body);

    expect((await reply({ message: 'Checking with billing', is_internal: true })).statusCode).toBe(201);
    await settled();
    expect(mailsTo('fan@example.com', subject)).toEqual([]);

    expect((await reply({ message: 'Fixed: try again' })).statusCode).toBe(201);
    await settled();
    const mails = mailsTo('fan@example.com', subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`http://localhost:3000/support/ticket/${number}`);
  });
});
