import { REFUND_ERRORS } from '@beatroom/shared/refunds-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, member } from '../../../../test/community-fixtures';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants';
import { buyLocally, insertPricedBeat, useProducerAndBuyers } from '../../../../test/selling-fixtures';
import { ACCOUNT_DELETED } from '../../../db/user-lock';
import { LICENCE_REFUNDED } from '../downloads/downloads.service';

const ctx = useProducerAndBuyers();
let admin: Awaited<ReturnType<typeof member>>;
const nobody = '00000000-0000-4000-8000-000000000000';
const refund = (agent: typeof ctx.ann.agent, id: string, body: unknown = { reason: 'Buyer asked' }) =>
  agent.post(`/api/admin/orders/${id}/refund`, body);

beforeAll(async () => {
  admin = await member(ctx.t.app, 'desk-admin@example.com');
  await ctx.t.app.db.prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
});

/** What a refund writes, counted: changes nothing is what a refused refund must show. */
const footprint = async (orderId: string) => {
  const p = ctx.t.app.db.prisma;
  return {
    refunds: await p.refund.count({ where: { orderId } }),
    notes: await p.creditNote.count(),
    ledger: await p.salesLedgerEntry.count({ where: { orderId } }),
    logs: await p.adminLog.count({ where: { action: 'order.refund' } }),
    order: (await p.order.findUniqueOrThrow({ where: { id: orderId } })).status,
  };
};

describe('admin order routes', () => {
  it('401 signed out, 403 for a member, before the input is read', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/orders'],
      ['POST', `/api/admin/orders/${nobody}/refund`],
    ] as const) {
      expect(
        (await ctx.t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode,
      ).toBe(401);
      const res = await ctx.ann.agent.request({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(403);
    }
  });

  it('400 for a missing, empty or extra field; 404 for an unknown or malformed order; nothing changes', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 900 });
    const orderId = await buyLocally(ctx.ann.agent, beat, 'basic');
    const before = await footprint(orderId);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', amount: 5 }]) {
      const res = await refund(admin.agent, orderId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    for (const id of [nobody, 'nope']) {
      const res = await refund(admin.agent, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: REFUND_ERRORS.ORDER_NOT_FOUND });
    }
    expect((await admin.agent.get('/api/admin/orders?q=' + 'x'.repeat(101))).statusCode).toBe(400);
    expect((await admin.agent.get('/api/admin/orders?other=1')).statusCode).toBe(400);
    expect(await footprint(orderId)).toEqual(before);
    await expectLedgerInvariants(ctx.t.app);
  });

  it('an unpaid order cannot be refunded: 409, nothing changes', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 700 });
    const res = await ctx.bob.agent.post(`/api/beats/${beat.id}/purchase`, {
      license_type: 'basic',
      price_cents: 700,
    });
    const orderId = res.json().order_id as string;
    const refused = await refund(admin.agent, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: REFUND_ERRORS.NOT_PAID });
    expect(await footprint(orderId)).toMatchObject({ refunds: 0, ledger: 0, order: 'pending' });
  });

  it('finds orders by buyer, beat title and invoice number', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, {
      title: 'Lantern Glow',
      priceCents: 1100,
    });
    const orderId = await buyLocally(ctx.bob.agent, beat, 'premium');
    const invoice = await ctx.t.app.db.prisma.invoice.findUniqueOrThrow({ where: { orderId } });
    for (const q of ['lantern', 'bob@example', invoice.invoiceNumber]) {
      const res = await admin.agent.get(`/api/admin/orders?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().orders.map((o: { id: string }) => o.id)).toContain(orderId);
    }
    const row = (await admin.agent.get('/api/admin/orders?q=lantern')).json().orders[0];
    expect(row).toMatchObject({
      id: orderId,
      buyer_email: 'bob@example.com',
      beat_title: 'Lantern Glow',
      license_type: 'premium',
      amount_cents: 2200,
      status: 'paid',
      invoice_number: invoice.invoiceNumber,
      refunded_cents: 0,
      dispute_status: null,
    });
    expect((await admin.agent.get('/api/admin/orders?q=nothing-like-this')).json()).toEqual({ orders: [] });
  });
});

describe('POST /api/admin/orders/{id}/refund', () => {
  it('revokes the licence, reverses the sale, writes a credit note, relists the exclusive; a second refund is 409', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, {
      title: 'Glass House',
      priceCents: 1000,
    });
    const orderId = await buyLocally(ctx.ann.agent, beat, 'exclusive');
    const prisma = ctx.t.app.db.prisma;
    expect((await ctx.ann.agent.get(`/api/beats/${beat.id}/download-status`)).json()).toMatchObject({
      canDownload: true,
      reason: 'license',
    });
    const earningsBefore = (await ctx.producer.agent.get('/api/users/me/earnings')).json().totals;

    const res = await refund(admin.agent, orderId, { reason: 'Duplicate purchase' });
    expect(res.statusCode).toBe(200);
    const year = new Date().getUTCFullYear();
    expect(res.json()).toEqual({
      order_id: orderId,
      status: 'refunded',
      refunded_cents: 10000,
      credit_note_number: expect.stringMatching(new RegExp(`^CN-${year}-\\d{6}$`)),
    });
    const { credit_note_number } = res.json();

    expect(await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: 'refunded',
      statusReason: 'Duplicate purchase',
      refundedAt: expect.any(Date),
    });
    expect(await prisma.license.findFirstOrThrow({ where: { orderId } })).toMatchObject({
      revokedAt: expect.any(Date),
      revokedReason: 'refunded',
    });
    const ledger = await prisma.salesLedgerEntry.findMany({
      where: { orderId },
      orderBy: { createdAt: 'asc' },
    });
    expect(ledger.map((l) => [l.kind, l.grossCents, l.netCents])).toEqual([
      ['sale', 10000, 10000],
      ['reversal', -10000, -10000],
    ]);
    // The download stops: the status says why, and no new link is signed.
    expect((await ctx.ann.agent.get(`/api/beats/${beat.id}/download-status`)).json()).toMatchObject({
      canDownload: false,
      reason: 'refunded',
    });
    const download = await ctx.ann.agent.post(`/api/beats/${beat.id}/download`, {});
    expect(download.statusCode).toBe(402);
    expect(download.json()).toEqual({ error: LICENCE_REFUNDED });
    // The exclusive is on sale again.
    expect((await prisma.beat.findUniqueOrThrow({ where: { id: beat.id } })).soldExclusiveAt).toBeNull();
    // The buyer sees the credit note beside the invoice and can download it; nobody else can.
    const invoices = (await ctx.ann.agent.get('/api/invoices')).json().invoices;
    const invoice = invoices.find((i: { credit_notes: unknown[] }) => i.credit_notes.length);
    expect(invoice).toMatchObject({
      status: 'refunded',
      credit_notes: [{ credit_note_number, total_cents: 10000, reason: 'Duplicate purchase' }],
    });
    const pdf = await ctx.ann.agent.get(`/api/credit-notes/${credit_note_number}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await ctx.bob.agent.get(`/api/credit-notes/${credit_note_number}/pdf`)).statusCode).toBe(404);
    expect((await ctx.ann.agent.get('/api/credit-notes/CN-nope/pdf')).statusCode).toBe(404);
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: `/api/credit-notes/${credit_note_number}/pdf` }))
        .statusCode,
    ).toBe(401);
    // The producer's earnings fall by the sale.
    const earningsAfter = (await ctx.producer.agent.get('/api/users/me/earnings')).json().totals;
    expect(earningsAfter.net_cents).toBe(earningsBefore.net_cents - 10000);
    // Audited, and both parties are told.
    expect(
      await prisma.adminLog.findFirst({ where: { action: 'order.refund', targetId: orderId } }),
    ).toMatchObject({
      adminId: admin.id,
      targetType: 'order',
    });
    await eventually(async () => {
      const told = await prisma.notification.findMany({ where: { type: 'order_refunded' } });
      expect(told.map((n) => n.userId).sort()).toEqual([ctx.ann.id, ctx.producer.id].sort());
    });

    // A second refund: 409, nothing changes.
    const before = await footprint(orderId);
    const again = await refund(admin.agent, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REFUND_ERRORS.ALREADY_REFUNDED });
    expect(await footprint(orderId)).toEqual(before);

    // The buyer may buy it again (Buy again), and downloads once more.
    await buyLocally(ctx.bob.agent, beat, 'exclusive');
    await expectLedgerInvariants(ctx.t.app);
  });

  it("a deleted buyer's order is not refunded: 409, nothing written for the erased account", async () => {
    const gone = await member(ctx.t.app, 'gone@example.com');
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 650 });
    const orderId = await buyLocally(gone.agent, beat, 'basic');
    const deleted = await gone.agent.request({
      method: 'DELETE',
      url: '/api/account/delete',
      payload: { confirm: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(200);
    const before = await footprint(orderId);
    const res = await refund(admin.agent, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ACCOUNT_DELETED });
    expect(await footprint(orderId)).toEqual(before);
    await expectLedgerInvariants(ctx.t.app);
  });

  it('the same refund asked twice at once refunds once', async () => {
    const beat = await insertPricedBeat(ctx.t.app, ctx.producer.id, { priceCents: 500 });
    const orderId = await buyLocally(ctx.ann.agent, beat, 'premium');
    const answers = await Promise.all([refund(admin.agent, orderId), refund(admin.agent, orderId)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await footprint(orderId)).toMatchObject({ refunds: 1, ledger: 2, order: 'refunded' });
    // Bought again after the refund: a new licence beside the revoked one.
    await buyLocally(ctx.ann.agent, beat, 'premium');
    expect((await ctx.ann.agent.get(`/api/beats/${beat.id}/download-status`)).json()).toMatchObject({
      canDownload: true,
      reason: 'license',
    });
    await expectLedgerInvariants(ctx.t.app);
  });
});
