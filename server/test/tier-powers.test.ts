import { ANALYTICS_LOCKED } from '@beatroom/shared/analytics-charts-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beatLimitMessage } from '../src/modules/catalogue/beats/beats.service';
import { createBeat, uploadAudio } from './catalogue';
import { insertBeat, member } from './community-fixtures';
import { createTestApp } from './helpers';
import { subscribeTo } from './tier-fixtures';

// The powers a producer tier gives on top of what every member has: max_beats on
// upload, analytics_access for the earnings-by-day and listener charts, custom_profile_badge.

let t: Awaited<ReturnType<typeof createTestApp>>;
let free: Awaited<ReturnType<typeof member>>;
let pro: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  free = await member(t.app, 'free@example.com');
  pro = await member(t.app, 'pro@example.com');
  await subscribeTo(pro.agent, 'Pro');
});
afterAll(async () => t?.close());

const setFreeTier = (data: { maxBeats?: number | null }) =>
  t.app.db.prisma.producerTier.updateMany({ where: { name: 'Free' }, data });

describe('max_beats on upload', () => {
  it('the Free tier has no limit unless an admin sets one', async () => {
    const user = await member(t.app, 'many@example.com');
    for (let i = 0; i < 3; i++) await insertBeat(t.app, user.id);
    await createBeat(user.agent);
    expect(await t.app.db.prisma.beat.count({ where: { userId: user.id } })).toBe(4);
  });

  it('over the limit is a 403 with a clear message and nothing is created', async () => {
    const user = await member(t.app, 'limited@example.com');
    await setFreeTier({ maxBeats: 2 });
    try {
      await createBeat(user.agent, { idempotency_key: 'first' });
      await createBeat(user.agent);
      const audio = (await uploadAudio(user.agent)).json().key;
      const res = await user.agent.post('/api/beats', {
        title: 'Third',
        genre: 'Trap',
        audio_file_key: audio,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: beatLimitMessage(2) });
      expect(res.json().error).toBe('Your plan allows 2 beats: upgrade your plan to upload more');
      expect(await t.app.db.prisma.beat.count({ where: { userId: user.id } })).toBe(2);
      // A retry of a beat already made still answers it.
      const retry = await user.agent.post('/api/beats', {
        title: 'Again',
        genre: 'Trap',
        audio_file_key: audio,
        idempotency_key: 'first',
      });
      expect(retry.statusCode).toBe(200);
      // A tier without a limit (Pro's max_beats is null) is not held to the Free tier's.
      for (let i = 0; i < 2; i++) await insertBeat(t.app, pro.id);
      await createBeat(pro.agent);
    } finally {
      await setFreeTier({ maxBeats: null });
    }
  });
});

describe('analytics_access: the earnings-by-day and listener charts', () => {
  it('401 signed out', async () => {
    for (const url of ['/api/users/me/earnings/by-day', `/api/users/${pro.id}/analytics/listeners`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('400 for a range that is not offered', async () => {
    for (const url of [
      '/api/users/me/earnings/by-day?days=12',
      `/api/users/${pro.id}/analytics/listeners?days=x`,
    ]) {
      const res = await pro.agent.get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^days: /);
    }
  });

  it("403 for a tier without analytics, and for someone else's listeners", async () => {
    for (const url of ['/api/users/me/earnings/by-day', `/api/users/${free.id}/analytics/listeners`]) {
      const res = await free.agent.get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ANALYTICS_LOCKED });
    }
    expect((await free.agent.get(`/api/users/${pro.id}/analytics/listeners`)).statusCode).toBe(403);
    expect((await pro.agent.get(`/api/users/${free.id}/analytics/listeners`)).statusCode).toBe(403);
  });

  it("what every member has today stays open: profile analytics and the earnings page's 30 days", async () => {
    const analytics = await free.agent.get(`/api/users/${free.id}/analytics`);
    expect(analytics.statusCode).toBe(200);
    const earnings = await free.agent.get('/api/users/me/earnings');
    expect(earnings.statusCode).toBe(200);
    expect(earnings.json().last_30_days).toHaveLength(30);
  });

  it('a tier with analytics gets both charts, every day of the range present', async () => {
    const beat = await insertBeat(t.app, pro.id);
    const today = new Date().toISOString().slice(0, 10);
    await t.app.db.prisma.beatPlay.createMany({
      data: [
        { beatId: beat.id, userId: free.id },
        { beatId: beat.id, userId: free.id },
        { beatId: beat.id, userId: null },
        { beatId: beat.id, userId: null },
      ],
    });
    const listeners = await pro.agent.get(`/api/users/${pro.id}/analytics/listeners?days=7`);
    expect(listeners.statusCode).toBe(200);
    const days = listeners.json().days;
    expect(days).toHaveLength(7);
    expect(days[6]).toEqual({ date: today, plays: 4, listeners: 3 });
    expect(days[0]).toMatchObject({ plays: 0, listeners: 0 });

    const earnings = await pro.agent.get('/api/users/me/earnings/by-day');
    expect(earnings.statusCode).toBe(200);
    expect(earnings.json().currency).toBe('USD');
    expect(earnings.json().days).toHaveLength(90);
    expect(earnings.json().days[89]).toEqual({ date: today, sales: 0, net_cents: 0 });
  });
});

describe('custom_profile_badge', () => {
  it("shows the tier's badge on the profile, none without one", async () => {
    const proProfile = (await t.app.inject({ method: 'GET', url: `/api/users/${pro.id}/profile` })).json();
    expect(proProfile.profile.badge).toBe('PRO');
    const freeProfile = (await t.app.inject({ method: 'GET', url: `/api/users/${free.id}/profile` })).json();
    expect(freeProfile.profile.badge).toBeNull();
  });
});
