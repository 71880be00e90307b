import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { pdfText } from '../../../../test/pdf-text';
import { insertPricedBeat } from '../../../../test/selling-fixtures';
import { startSmtpSink } from '../../../../test/smtp-sink';
import { SEND_MAIL } from './mail-jobs';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({}, { SMTP_URL: smtp.url, MAIL_FROM: 'Beatroom <mail@beatroom.test>' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a?.text);

describe('mail after a paid cart order', () => {
  it('one receipt listing every line with every licence attached; each producer a New sale', async () => {
    const one = await member(t.app, 'first-producer@example.com');
    const two = await member(t.app, 'second-producer@example.com');
    const buyer = await member(t.app, 'cart-fan@example.com');
    const a = await insertPricedBeat(t.app, one.id, { priceCents: 1000, title: 'North Pier' });
    const b = await insertPricedBeat(t.app, two.id, { priceCents: 2000, title: 'South Gate' });
    await buyer.agent.post('/api/cart', { beat_id: a.id, license_type: 'basic' });
    await buyer.agent.post('/api/cart', { beat_id: b.id, license_type: 'premium' });
    const res = await buyer.agent.post('/api/cart/checkout', {
      payment_method: 'new_card',
      save_payment_method: false,
    });
    const orderId = res.json().order_id as string;
    expect((await buyer.agent.post(`/api/checkout/local/${orderId}/pay`)).json().status).toBe('paid');
    await t.app.domainEvents.drained();
    await t.app.jobs.drained(SEND_MAIL, { timeoutMs: 60_000 });

    const receipts = smtp.received.filter((m) => to(m).includes('cart-fan@example.com'));
    expect(receipts.map((m) => m.subject)).toEqual(['Your receipt: 2 beats']);
    const receipt = receipts[0]!;
    expect(receipt.text).toContain('North Pier, Basic licence: $10.00 USD');
    expect(receipt.text).toContain('South Gate, Premium licence: $40.00 USD');
    expect(receipt.attachments.map((x) => x.filename).sort()).toEqual(
      [`licence-${orderId}-${a.id}.pdf`, `licence-${orderId}-${b.id}.pdf`].sort(),
    );
    const texts = receipt.attachments.map((x) => pdfText(x.content).join('\n'));
    expect(texts.some((text) => text.includes('North Pier'))).toBe(true);
    expect(texts.some((text) => text.includes('South Gate'))).toBe(true);
    for (const [email, title] of [
      ['first-producer@example.com', 'New sale: North Pier'],
      ['second-producer@example.com', 'New sale: South Gate'],
    ]) {
      expect(smtp.received.filter((m) => to(m).includes(email) && m.subject === title)).toHaveLength(1);
    }
  });
});
