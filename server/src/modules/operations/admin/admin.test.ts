import { ADMIN_SETTINGS } from '@beatroom/shared/admin-settings';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeat, member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Awaited<ReturnType<typeof member>>;
let admin: Awaited<ReturnType<typeof member>>;
let fan: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await member(t.app, t.config.adminEmail);
  admin = await member(t.app, 'desk-admin@example.com');
  fan = await member(t.app, 'fan@example.com');
  await t.app.db.prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
});
afterAll(async () => t?.close());

const lastLog = () =>
  t.app.db.prisma.adminLog.findFirst({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });

/** Every admin route: 401 signed out and 403 for a member, before the input is even read. */
const ROUTES: InjectOptions[] = [
  { method: 'GET', url: '/api/admin/dashboard' },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'PATCH', url: '/api/admin/users/nope/admin', payload: {} },
  { method: 'PATCH', url: '/api/admin/users/nope/owner', payload: {} },
  { method: 'DELETE', url: '/api/admin/users/nope' },
  { method: 'GET', url: '/api/admin/beats' },
  { method: 'PATCH', url: '/api/admin/beats/nope/featured', payload: {} },
  { method: 'DELETE', url: '/api/admin/beats/nope' },
  { method: 'GET', url: '/api/admin/settings' },
  { method: 'PATCH', url: '/api/admin/settings/max_upload_mb', payload: {} },
  { method: 'PATCH', url: '/api/admin/settings/tier_price_pro_cents', payload: { value: 1 } },
  { method: 'GET', url: '/api/admin/logs' },
  { method: 'GET', url: '/api/admin/reports' },
  { method: 'POST', url: '/api/admin/reports/nope/resolve', payload: {} },
];

describe('admin routes: who may call them', () => {
  it.each(ROUTES)('$method $url: 401 signed out, 403 for a member', async (route) => {
    const out = await t.app.inject(route);
    expect(out.statusCode).toBe(401);
    const member = await fan.agent.request(route);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ error: 'Admin access required' });
  });
});

describe('dashboard', () => {
  it('counts users, beats, plays, downloads and the last 30 days of sales', async () => {
    await insertBeat(t.app, fan.id, { playCount: 7, downloadCount: 3 });
    const res = await admin.agent.get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({ totalUsers: 3, salesLast30Days: 0, revenueLast30DaysCents: 0 });
    expect(stats.totalBeats).toBeGreaterThanOrEqual(1);
    expect(stats.totalPlays).toBeGreaterThanOrEqual(7);
    expect(stats.totalDownloads).toBeGreaterThanOrEqual(3);
  });
});

describe('users', () => {
  it('lists admin user rows with pagination, searches, and refuses a bad page', async () => {
    const res = await admin.agent.get('/api/admin/users?page=1&limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toHaveLength(2);
    expect(body.pagination).toMatchObject({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(body.ownerCount).toBe(1);
    expect(Object.keys(body.users[0]).sort()).toEqual(
      [
        'beat_count',
        'created_at',
        'display_name',
        'email',
        'follower_count',
        'is_admin',
        'is_owner',
        'user_id',
        'verified',
      ].sort(),
    );
    const found = (await admin.agent.get('/api/admin/users?search=FAN@')).json();
    expect(found.users.map((u: { user_id: string }) => u.user_id)).toEqual([fan.id]);
    expect(found.users[0]).toMatchObject({ beat_count: 1, is_admin: false, is_owner: false });
    const ownerRow = (
      await admin.agent.get(`/api/admin/users?search=${encodeURIComponent(t.config.adminEmail)}`)
    ).json();
    expect(ownerRow.users[0]).toMatchObject({ is_admin: true, is_owner: true });

    for (const q of ['page=0', 'limit=500', 'page=x']) {
      const bad = await admin.agent.get(`/api/admin/users?${q}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/page|limit/);
    }
  });

  it('role changes: bad body 400, unknown user 404, nothing changed', async () => {
    const bad = await owner.agent.request({
      method: 'PATCH',
      url: `/api/admin/users/${fan.id}/admin`,
      payload: { isAdmin: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const badOwner = await owner.agent.request({
      method: 'PATCH',
      url: `/api/admin/users/${fan.id}/owner`,
      payload: {},
    });
    expect(badOwner.statusCode).toBe(400);
    const missing = await owner.agent.request({
      method: 'PATCH',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/admin',
      payload: { isAdmin: true },
    });
    expect(missing.statusCode).toBe(404);
    const malformedDelete = await owner.agent.request({ method: 'DELETE', url: '/api/admin/users/nope' });
    expect(malformedDelete.statusCode).toBe(404);
    expect((await t.app.db.prisma.user.findUniqueOrThrow({ where: { id: fan.id } })).isAdmin).toBe(false);
  });

  it('an owner grants and revokes admin, with an audit row each', async () => {
    const grant = await owner.agent.request({
      method: 'PATCH',
      url: `/api/admin/users/${fan.id}/admin`,
      payload: { isAdmin: true },
    });
    expect(grant.statusCode).toBe(200);
    expect(await lastLog()).toMatchObject({
      adminId: owner.id,
      action: 'user.admin.grant',
      targetType: 'user',
      targetId: fan.id,
      before: { is_admin: false, is_owner: false, role: 'user' },
      after: { is_admin: true, is_owner: false, role: 'user' },
    });
    expect((await fan.agent.get('/api/users/me')).json()).toMatchObject({ isAdmin: true });
    const revoke = await owner.agent.request({
      method: 'PATCH',
      url: `/api/admin/users/${fan.id}/admin`,
      payload: { isAdmin: false },
    });
    expect(revoke.statusCode).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'user.admin.revoke', after: { is_admin: false } });
    expect((await fan.agent.get('/api/admin/dashboard')).statusCode).toBe(403);
  });

  it('the allow-listed ADMIN_EMAIL account cannot lose admin', async () => {
    const other = await member(t.app, 'second-owner@example.com');
    await t.app.db.prisma.user.update({ where: { id: other.id }, data: { isAdmin: true, isOwner: true } });
    const res = await other.agent.request({
      method: 'PATCH',
      url: `/api/admin/users/${owner.id}/owner`,
      payload: { isOwner: false },
    });
    expect(res.statusCode).toBe(200);
    const revokeAdmin = await other.agent.request({
      method: 'PATCH',
      url: `/api/admin/users/${owner.id}/admin`,
      payload: { isAdmin: false },
    });
    expect(revokeAdmin.statusCode).toBe(403);
    expect(revokeAdmin.json().error).toMatch(/ADMIN_EMAIL/);
    // Back as before for the other tests.
    await t.app.db.prisma.user.update({ where: { id: owner.id }, data: { isOwner: true } });
    await t.app.db.prisma.user.update({ where: { id: other.id }, data: { isAdmin: false, isOwner: false } });
  });
});

describe('beats', () => {
  it('lists with search and pagination; bad query 400', async () => {
    const beat = await insertBeat(t.app, fan.id, { title: 'Needle In Haystack' });
    const res = await admin.agent.get('/api/admin/beats?search=needle');
    expect(res.statusCode).toBe(200);
    expect(res.json().beats).toEqual([
      expect.objectContaining({
        id: beat.id,
        title: 'Needle In Haystack',
        is_featured: false,
        user_id: fan.id,
      }),
    ]);
    expect(res.json().pagination).toMatchObject({ total: 1, pages: 1 });
    expect((await admin.agent.get('/api/admin/beats?limit=0')).statusCode).toBe(400);
  });

  it('an admin features a beat: it shows as featured in the catalogue; audited; unfeature too', async () => {
    const beat = await insertBeat(t.app, fan.id, { title: 'Spotlight' });
    const bad = await admin.agent.request({
      method: 'PATCH',
      url: `/api/admin/beats/${beat.id}/featured`,
      payload: { isFeatured: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await admin.agent.request({
      method: 'PATCH',
      url: '/api/admin/beats/00000000-0000-4000-8000-000000000000/featured',
      payload: { isFeatured: true },
    });
    expect(missing.statusCode).toBe(404);
    // The browse list is cached in memory: read it first so the change must invalidate it.
    await t.app.inject({ method: 'GET', url: '/api/beats?featured=true&limit=100' });

    const res = await admin.agent.request({
      method: 'PATCH',
      url: `/api/admin/beats/${beat.id}/featured`,
      payload: { isFeatured: true },
    });
    expect(res.statusCode).toBe(200);
    const featured = (
      await t.app.inject({ method: 'GET', url: '/api/beats?featured=true&limit=100' })
    ).json();
    expect(featured.find((b: { id: string }) => b.id === beat.id)).toMatchObject({ is_featured: true });
    expect(await lastLog()).toMatchObject({
      adminId: admin.id,
      action: 'beat.feature',
      targetId: beat.id,
      before: { is_featured: false },
      after: { is_featured: true },
    });
    await admin.agent.request({
      method: 'PATCH',
      url: `/api/admin/beats/${beat.id}/featured`,
      payload: { isFeatured: false },
    });
    const after = (await t.app.inject({ method: 'GET', url: '/api/beats?featured=true&limit=100' })).json();
    expect(after.map((b: { id: string }) => b.id)).not.toContain(beat.id);
    expect(await lastLog()).toMatchObject({ action: 'beat.unfeature' });
  });

  it('an admin deletes a beat; audited; a second delete is 404', async () => {
    const beat = await insertBeat(t.app, fan.id, { title: 'Doomed' });
    const res = await admin.agent.request({ method: 'DELETE', url: `/api/admin/beats/${beat.id}` });
    expect(res.statusCode).toBe(200);
    expect(await t.app.db.prisma.beat.findUnique({ where: { id: beat.id } })).toBeNull();
    expect(await lastLog()).toMatchObject({
      action: 'beat.delete',
      targetId: beat.id,
      before: { title: 'Doomed' },
      after: null,
    });
    expect(
      (await admin.agent.request({ method: 'DELETE', url: `/api/admin/beats/${beat.id}` })).statusCode,
    ).toBe(404);
  });
});

describe('settings', () => {
  it('lists every key with its value and description', async () => {
    const res = await admin.agent.get('/api/admin/settings');
    expect(res.statusCode).toBe(200);
    const settings = res.json().settings;
    expect(settings.map((s: { key: string }) => s.key)).toEqual(Object.keys(ADMIN_SETTINGS));
    expect(settings.find((s: { key: string }) => s.key === 'platform_fee_percent')).toMatchObject({
      value: 0,
    });
    expect(settings.find((s: { key: string }) => s.key === 'max_upload_mb')).toMatchObject({ value: 50 });
  });

  it('validates the value by key: 400 and nothing stored; unknown key 404', async () => {
    for (const [key, value] of [
      ['platform_fee_percent', 80],
      ['platform_fee_percent', '5'],
      // Orders keep two decimals: a finer fee would be stored as one value and charged as another.
      ['platform_fee_percent', 0.005],
      ['platform_fee_percent', 12.345],
      ['max_upload_mb', 2.5],
      ['storage_quota_mb', 0],
      ['maintenance_banner', 5],
    ] as const) {
      const res = await admin.agent.request({
        method: 'PATCH',
        url: `/api/admin/settings/${key}`,
        payload: { value },
      });
      expect(res.statusCode, `${key}=${value}`).toBe(400);
      expect(res.json().error).toMatch(new RegExp(`^${key}: `));
    }
    const unknown = await admin.agent.request({
      method: 'PATCH',
      url: '/api/admin/settings/nope',
      payload: { value: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await t.app.db.prisma.platformSetting.findUnique({ where: { key: 'max_upload_mb' } })).toBeNull();
    const fee = await t.app.db.prisma.platformSetting.findUnique({ where: { key: 'platform_fee_percent' } });
    expect([0.005, 12.345]).not.toContain(fee?.value);
    // Two decimals are what an order stores, so they are accepted as they are.
    const exact = await admin.agent.request({
      method: 'PATCH',
      url: '/api/admin/settings/platform_fee_percent',
      payload: { value: 0.07 },
    });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ value: 0.07 });
    await t.app.db.prisma.platformSetting.deleteMany({ where: { key: 'platform_fee_percent' } });
  });

  it('tier prices: the tier rows\u2019 prices, validated (400, nothing changed), audited, shown to everyone', async () => {
    const proPrice = async () =>
      (await t.app.db.prisma.producerTier.findUniqueOrThrow({ where: { slug: 'pro' } })).priceCents;
    const listed = (await admin.agent.get('/api/admin/settings')).json().settings;
    expect(listed.find((s: { key: string }) => s.key === 'tier_price_pro_cents')).toMatchObject({
      value: 999,
    });
    expect(listed.find((s: { key: string }) => s.key === 'tier_price_pro_annual_cents')).toMatchObject({
      value: 9990,
    });

    const logsBefore = await t.app.db.prisma.adminLog.count();
    for (const value of [0, -500, 12.5, '1299', null, 100_001]) {
      const res = await admin.agent.request({
        method: 'PATCH',
        url: '/api/admin/settings/tier_price_pro_cents',
        payload: { value },
      });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().error).toMatch(/^tier_price_pro_cents: /);
    }
    // A member is refused before anything is read, and changes nothing either.
    const refused = await fan.agent.request({
      method: 'PATCH',
      url: '/api/admin/settings/tier_price_pro_cents',
      payload: { value: 1299 },
    });
    expect(refused.statusCode).toBe(403);
    expect(await proPrice()).toBe(999);
    expect(await t.app.db.prisma.adminLog.count()).toBe(logsBefore);

    const res = await admin.agent.request({
      method: 'PATCH',
      url: '/api/admin/settings/tier_price_pro_cents',
      payload: { value: 1299 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      key: 'tier_price_pro_cents',
      value: 1299,
      description: ADMIN_SETTINGS.tier_price_pro_cents.description,
    });
    expect(await proPrice()).toBe(1299);
    expect(await lastLog()).toMatchObject({
      adminId: admin.id,
      action: 'setting.update',
      targetType: 'setting',
      targetId: 'tier_price_pro_cents',
      before: { value: 999 },
      after: { value: 1299 },
    });
    // The tier row is the one source: no platform_settings copy that could disagree with it.
    expect(
      await t.app.db.prisma.platformSetting.findUnique({ where: { key: 'tier_price_pro_cents' } }),
    ).toBeNull();
    const tiers = (await t.app.inject({ method: 'GET', url: '/api/producer-tiers' })).json();
    expect(tiers.map((tier: { name: string; price_cents: number }) => [tier.name, tier.price_cents])).toEqual(
      [
        ['Free', 0],
        ['Pro', 1299],
        ['Pro Annual', 9990],
      ],
    );
    expect(await t.app.adminSettings.get('tier_price_pro_cents')).toBe(1299);

    // Back to the seeded price: audited as a change from 1299.
    await admin.agent.request({
      method: 'PATCH',
      url: '/api/admin/settings/tier_price_pro_cents',
      payload: { value: 999 },
    });
    expect(await lastLog()).toMatchObject({ before: { value: 1299 }, after: { value: 999 } });
  });

  it('stores, audits, and the product reads it: fee at checkout, quota at upload, banner for all', async () => {
    const fee = await admin.agent.request({
      method: 'PATCH',
      url: '/api/admin/settings/platform_fee_percent',
      payload: { value: 12.5 },
    });
    expect(fee.statusCode).toBe(200);
    expect(fee.json()).toMatchObject({ key: 'platform_fee_percent', value: 12.5 });
    expect(await lastLog()).toMatchObject({
      action: 'setting.update',
      targetType: 'setting',
      targetId: 'platform_fee_percent',
      before: { value: 0 },
      after: { value: 12.5 },
    });
    // The checkout reads the same row (orders repository).
    expect(
      (await t.app.db.prisma.platformSetting.findUniqueOrThrow({ where: { key: 'platform_fee_percent' } }))
        .value,
    ).toBe(12.5);

    await admin.agent.request({
      method: 'PATCH',
      url: '/api/admin/settings/storage_quota_mb',
      payload: { value: 3 },
    });
    const quota = (await fan.agent.get('/api/uploads/quota')).json();
    expect(quota.quota_bytes).toBe(3 * 1024 * 1024);

    await admin.agent.request({
      method: 'PATCH',
      url: '/api/admin/settings/maintenance_banner',
      payload: { value: '  Down at 9  ' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json()).toEqual({
      maintenance_banner: 'Down at 9',
    });
  });
});

describe('logs', () => {
  it('pages the audit log newest first with admin names; bad page 400', async () => {
    const res = await admin.agent.get('/api/admin/logs?limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.logs).toHaveLength(2);
    expect(body.pagination.total).toBeGreaterThan(2);
    expect(body.logs[0]).toMatchObject({
      action: 'setting.update',
      admin_name: expect.any(String),
      details: expect.stringContaining('maintenance_banner'),
    });
    expect(new Date(body.logs[0].created_at) >= new Date(body.logs[1].created_at)).toBe(true);
    expect((await admin.agent.get('/api/admin/logs?page=-1')).statusCode).toBe(400);
  });
});

describe('deleting a user', () => {
  it('an owner deletes a member through the account deletion; audited; again 404', async () => {
    const doomed = await member(t.app, 'doomed@example.com');
    await insertBeat(t.app, doomed.id, { title: 'Goes too' });
    const res = await owner.agent.request({ method: 'DELETE', url: `/api/admin/users/${doomed.id}` });
    expect(res.statusCode).toBe(200);
    const row = await t.app.db.prisma.user.findUniqueOrThrow({ where: { id: doomed.id } });
    expect(row.deletedAt).not.toBeNull();
    expect(await t.app.db.prisma.beat.count({ where: { userId: doomed.id } })).toBe(0);
    expect((await doomed.agent.get('/api/users/me')).statusCode).toBe(401);
    expect(await lastLog()).toMatchObject({ action: 'user.delete', targetId: doomed.id, adminId: owner.id });
    expect(
      (await owner.agent.request({ method: 'DELETE', url: `/api/admin/users/${doomed.id}` })).statusCode,
    ).toBe(404);
  });
});
