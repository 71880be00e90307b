import { REPORT_TEXTS } from '@beatroom/shared/admin-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeat, member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { REPORT_ALREADY_RESOLVED, REPORT_OWN_CONTENT } from './reports.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof member>>;
let ann: Awaited<ReturnType<typeof member>>;
let bob: Awaited<ReturnType<typeof member>>;
const nobody = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t.app, t.config.adminEmail);
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
});
afterAll(async () => t?.close());

const report = (agent: typeof ann.agent, payload: unknown) => agent.post('/api/reports', payload);

describe('POST /api/reports', () => {
  it('401 signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reports', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('400 for a bad type, id or blank reason; 404 for a missing target; nothing stored', async () => {
    const beat = await insertBeat(t.app, bob.id);
    for (const body of [
      { targetType: 'song', targetId: beat.id, reason: 'x' },
      { targetType: 'beat', targetId: 'nope', reason: 'x' },
      { targetType: 'beat', targetId: beat.id, reason: '   ' },
      { targetType: 'beat', targetId: beat.id, reason: 'x'.repeat(501) },
    ]) {
      expect((await report(ann.agent, body)).statusCode).toBe(400);
    }
    const missing = await report(ann.agent, { targetType: 'review', targetId: nobody, reason: 'spam' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: REPORT_TEXTS.missing });
    expect(await t.app.db.prisma.contentReport.count()).toBe(0);
  });

  it("403 for one's own content", async () => {
    const beat = await insertBeat(t.app, ann.id);
    const res = await report(ann.agent, { targetType: 'beat', targetId: beat.id, reason: 'mine' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: REPORT_OWN_CONTENT });
  });

  it('reports once per member and target (409 the second time)', async () => {
    const res = await report(ann.agent, { targetType: 'profile', targetId: bob.id, reason: 'Impersonation' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(String) });
    const again = await report(ann.agent, { targetType: 'profile', targetId: bob.id, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REPORT_TEXTS.duplicate });
  });
});

describe('the admin reports queue', () => {
  it('lists open reports with labels and names; bad status 400', async () => {
    const res = await admin.agent.get('/api/admin/reports');
    expect(res.statusCode).toBe(200);
    expect(res.json().reports[0]).toMatchObject({
      target_type: 'profile',
      target_id: bob.id,
      reason: 'Impersonation',
      status: 'open',
      reporter_name: 'ann',
    });
    expect((await admin.agent.get('/api/admin/reports?status=closed')).statusCode).toBe(400);
  });

  it('dismissing closes the report, audited; resolving again 409; bad body 400', async () => {
    const id = (await admin.agent.get('/api/admin/reports')).json().reports[0].id;
    expect(
      (await admin.agent.post(`/api/admin/reports/${id}/resolve`, { resolution: 'ban' })).statusCode,
    ).toBe(400);
    const res = await admin.agent.post(`/api/admin/reports/${id}/resolve`, { resolution: 'dismiss' });
    expect(res.statusCode).toBe(200);
    const row = await t.app.db.prisma.contentReport.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: 'dismissed', resolvedBy: admin.id });
    const log = await t.app.db.prisma.adminLog.findFirst({ where: { action: 'report.dismiss' } });
    expect(log).toMatchObject({ adminId: admin.id, targetType: 'profile', targetId: bob.id });
    const again = await admin.agent.post(`/api/admin/reports/${id}/resolve`, { resolution: 'remove' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REPORT_ALREADY_RESOLVED });
    expect(
      (await admin.agent.post(`/api/admin/reports/${nobody}/resolve`, { resolution: 'dismiss' })).statusCode,
    ).toBe(404);
  });

  it('removing a beat deletes it and closes every open report of it, audited', async () => {
    const beat = await insertBeat(t.app, bob.id, { title: 'Stolen Sample' });
    await report(ann.agent, { targetType: 'beat', targetId: beat.id, reason: 'Copyright' });
    await report(admin.agent, { targetType: 'beat', targetId: beat.id, reason: 'Copyright too' });
    const open = (await admin.agent.get('/api/admin/reports')).json().reports;
    const mine = open.find((r: { target_id: string }) => r.target_id === beat.id);
    expect(mine.target_label).toBe('Stolen Sample');
    const res = await admin.agent.post(`/api/admin/reports/${mine.id}/resolve`, { resolution: 'remove' });
    expect(res.statusCode).toBe(200);
    expect(await t.app.db.prisma.beat.findUnique({ where: { id: beat.id } })).toBeNull();
    expect(
      await t.app.db.prisma.contentReport.count({ where: { targetId: beat.id, status: 'removed' } }),
    ).toBe(2);
    expect(
      await t.app.db.prisma.adminLog.findFirst({ where: { action: 'report.remove', targetId: beat.id } }),
    ).toMatchObject({
      after: { status: 'removed', reports_closed: 2 },
    });
  });

  it('removing a review deletes it; removing a profile clears its public content', async () => {
    const beat = await insertBeat(t.app, ann.id);
    const review = await t.app.db.prisma.beatReview.create({
      data: { beatId: beat.id, userId: bob.id, rating: 1, review: 'rude words' },
    });
    await report(ann.agent, { targetType: 'review', targetId: review.id, reason: 'Abusive' });
    await t.app.db.prisma.profile.update({
      where: { userId: bob.id },
      data: { bio: 'bad bio', websiteUrl: 'https://spam.example' },
    });
    await report(admin.agent, { targetType: 'profile', targetId: bob.id, reason: 'Spam links' });
    const open = (await admin.agent.get('/api/admin/reports')).json().reports as {
      id: string;
      target_type: string;
    }[];
    for (const r of open) {
      expect(
        (await admin.agent.post(`/api/admin/reports/${r.id}/resolve`, { resolution: 'remove' })).statusCode,
      ).toBe(200);
    }
    expect(await t.app.db.prisma.beatReview.findUnique({ where: { id: review.id } })).toBeNull();
    expect(await t.app.db.prisma.profile.findUniqueOrThrow({ where: { userId: bob.id } })).toMatchObject({
      bio: null,
      websiteUrl: null,
    });
    expect((await admin.agent.get('/api/admin/reports')).json().reports).toEqual([]);
    expect((await admin.agent.get('/api/admin/reports?status=removed')).json().pagination.total).toBe(4);
  });
});
