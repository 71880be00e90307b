import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNOT_RATE_OWN_BEAT } from '@beatroom/shared/beat-social-texts';
import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import { createBeat } from '../../../../test/catalogue';
import { createTestApp, signIn, type Agent } from '../../../../test/helpers';
import type { DomainEvent } from '../../../events/domain-events';
import { createRecentPlays } from './recent-plays';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Agent;
let fan: Agent;
let fanId: string;
let other: Agent;
let beatId: string;
const events: DomainEvent[] = [];
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: owner } = await signIn(t.app, 'owner@example.com'));
  const signedIn = await signIn(t.app, 'fan@example.com');
  fan = signedIn.agent;
  fanId = signedIn.user.id;
  ({ agent: other } = await signIn(t.app, 'other@example.com'));
  beatId = await createBeat(owner, { title: 'Social Beat' });
  for (const type of ['beat.played', 'beat.rated'] as const)
    t.app.domainEvents.on(type, (e) => void events.push(e));
});
afterAll(async () => t?.close());

const playCount = async (id = beatId) =>
  (await t.app.inject({ method: 'GET', url: `/api/beats/${id}` })).json().play_count;

describe('POST /api/beats/{id}/play', () => {
  it('counts a visitor’s play once per burst, and another listener’s separately', async () => {
    const play = (ip: string) =>
      t.app.inject({ method: 'POST', url: `/api/beats/${beatId}/play`, remoteAddress: ip });
    const first = await play('10.0.0.1');
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    await play('10.0.0.1');
    await play('10.0.0.1');
    expect(await playCount()).toBe(1);
    await play('10.0.0.2');
    expect(await playCount()).toBe(2);
    expect(events.filter((e) => e.type === 'beat.played')).toHaveLength(2);
  });

  it('keys a signed-in listener by their user, not their address', async () => {
    const before = await playCount();
    await fan.post(`/api/beats/${beatId}/play`);
    await fan.request({ method: 'POST', url: `/api/beats/${beatId}/play`, remoteAddress: '10.9.9.9' });
    expect(await playCount()).toBe(before + 1);
    expect(await t.app.db.prisma.beatPlay.count({ where: { beatId, userId: fanId } })).toBe(1);
  });

  it('404 for an unknown beat', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/beats/${MISSING}/play` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: BEAT_NOT_FOUND });
  });

  it('the burst memory counts again after the window and stays bounded', () => {
    let now = 0;
    const recent = createRecentPlays({ windowMs: 30_000, maxEntries: 3, now: () => now });
    expect(recent.shouldCount('b', 'x')).toBe(true);
    now = 29_999;
    expect(recent.shouldCount('b', 'x')).toBe(false);
    now = 30_000;
    expect(recent.shouldCount('b', 'x')).toBe(true);
    for (const listener of ['1', '2', '3', '4']) recent.shouldCount('b', listener);
    expect(recent.size).toBe(3);
    expect(recent.shouldCount('b', 'x')).toBe(true); // forgotten, the oldest
  });
});

describe('favourites', () => {
  it('401 when signed out', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/beats/${beatId}/favorite-status` })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/beats/${beatId}/favorite` })).statusCode).toBe(
      401,
    );
  });

  it('toggles and reports {isFavorited}', async () => {
    expect((await fan.get(`/api/beats/${beatId}/favorite-status`)).json()).toEqual({ isFavorited: false });
    expect((await fan.post(`/api/beats/${beatId}/favorite`)).json()).toEqual({ isFavorited: true });
    expect((await fan.get(`/api/beats/${beatId}/favorite-status`)).json()).toEqual({ isFavorited: true });
    expect((await other.get(`/api/beats/${beatId}/favorite-status`)).json()).toEqual({ isFavorited: false });
    expect((await fan.post(`/api/beats/${beatId}/favorite`)).json()).toEqual({ isFavorited: false });
    await fan.post(`/api/beats/${beatId}/favorite`);
  });

  it('404 for an unknown beat', async () => {
    expect((await fan.post(`/api/beats/${MISSING}/favorite`)).statusCode).toBe(404);
    expect((await fan.get('/api/beats/nope/favorite-status')).statusCode).toBe(404);
  });
});

describe('GET /api/users/me/favorite-beat-ids', () => {
  const url = '/api/users/me/favorite-beat-ids';
  const ids = async (agent: Agent) => {
    const res = await agent.get(url);
    expect(res.statusCode).toBe(200);
    return (res.json() as { beatIds: string[] }).beatIds;
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
  let collector: Agent;
  let first: string;
  let second: string;
  beforeAll(async () => {
    ({ agent: collector } = await signIn(t.app, 'collector@example.com'));
    first = await createBeat(owner, { title: 'Collected One' });
    second = await createBeat(owner, { title: 'Collected Two' });
  });

  it('401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('error');
  });

  it('answers the beats toggled on, newest first, and drops those toggled off', async () => {
    expect(await ids(collector)).toEqual([]);
    await collector.post(`/api/beats/${first}/favorite`);
    await pause();
    await collector.post(`/api/beats/${second}/favorite`);
    const res = await collector.get(url);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ beatIds: [second, first] });

    expect((await collector.post(`/api/beats/${first}/favorite`)).json()).toEqual({ isFavorited: false });
    expect(await ids(collector)).toEqual([second]);
  });

  it('holds only the caller’s own favourites', async () => {
    const before = await ids(other);
    expect(before).not.toContain(second);
    await other.post(`/api/beats/${first}/favorite`);
    expect(await ids(other)).toEqual([first, ...before]);
    expect(await ids(collector)).toEqual([second]);
    expect(await ids(fan)).not.toContain(first);
    await other.post(`/api/beats/${first}/favorite`);
  });

  it('forgets a beat once it is deleted', async () => {
    const gone = await createBeat(owner, { title: 'Soon Gone' });
    await collector.post(`/api/beats/${gone}/favorite`);
    expect(await ids(collector)).toContain(gone);
    expect((await owner.request({ method: 'DELETE', url: `/api/beats/${gone}` })).statusCode).toBe(204);
    expect(await ids(collector)).toEqual([second]);
  });
});

describe('ratings and reviews', () => {
  let rated: string;
  beforeAll(async () => {
    rated = await createBeat(owner, { title: 'Rated Beat' });
  });

  it('401 signed out, 400 bad input, 404 unknown beat, 403 own beat', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/beats/${rated}/rate`,
      payload: { rating: 5 },
    });
    expect(anon.statusCode).toBe(401);
    for (const body of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '5' },
      { rating: 5, review: 'x'.repeat(501) },
    ]) {
      const res = await fan.post(`/api/beats/${rated}/rate`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await fan.post(`/api/beats/${MISSING}/rate`, { rating: 5 })).statusCode).toBe(404);
    const own = await owner.post(`/api/beats/${rated}/rate`, { rating: 5 });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: CANNOT_RATE_OWN_BEAT });
  });

  it('one rating per user: rating again replaces it', async () => {
    const first = await fan.post(`/api/beats/${rated}/rate`, { rating: 2, review: '  Too slow  ' });
    expect(first.json()).toEqual({ averageRating: 2, totalRatings: 1 });
    await other.post(`/api/beats/${rated}/rate`, { rating: 5 });
    const again = await fan.post(`/api/beats/${rated}/rate`, { rating: 4, review: 'Grew on me' });
    expect(again.json()).toEqual({ averageRating: 4.5, totalRatings: 2 });
    expect(events.filter((e) => e.type === 'beat.rated').map((e) => (e as { isNew: boolean }).isNew)).toEqual(
      [true, true, false],
    );
    const summary = await t.app.inject({ method: 'GET', url: `/api/beats/${rated}/rating-summary` });
    expect(summary.json()).toEqual({ averageRating: 4.5, totalRatings: 2 });
  });

  it('lists reviews newest first with the reviewer’s name, for anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/beats/${rated}/reviews` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ averageRating: 4.5, totalRatings: 2 });
    expect(body.reviews).toHaveLength(2);
    const mine = body.reviews.find((r: { user_id: string }) => r.user_id === fanId);
    expect(mine).toMatchObject({
      rating: 4,
      review: 'Grew on me',
      reviewer_name: 'fan',
      reviewer_avatar: null,
    });
    const page = await t.app.inject({ method: 'GET', url: `/api/beats/${rated}/reviews?limit=1&offset=1` });
    expect(page.json().reviews).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/beats/${rated}/reviews?limit=0` })).statusCode,
    ).toBe(400);
  });

  it('an empty review is stored as none', async () => {
    await other.post(`/api/beats/${rated}/rate`, { rating: 3, review: '   ' });
    expect((await other.get(`/api/beats/${rated}/user-rating`)).json()).toEqual({
      hasRated: true,
      rating: 3,
      review: null,
    });
  });

  it('user-rating answers the caller’s own rating', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/beats/${rated}/user-rating` })).statusCode).toBe(
      401,
    );
    expect((await fan.get(`/api/beats/${rated}/user-rating`)).json()).toEqual({
      hasRated: true,
      rating: 4,
      review: 'Grew on me',
    });
    expect((await owner.get(`/api/beats/${rated}/user-rating`)).json()).toEqual({
      hasRated: false,
      rating: null,
      review: null,
    });
  });

  it('a beat without ratings has a zero summary', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/beats/${beatId}/rating-summary` });
    expect(res.json()).toEqual({ averageRating: 0, totalRatings: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/api/beats/${MISSING}/reviews` })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/beats/{id}/analytics', () => {
  it('401 signed out, 403 for anyone but the owner, 404 unknown', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/beats/${beatId}/analytics` })).statusCode).toBe(
      401,
    );
    expect((await fan.get(`/api/beats/${beatId}/analytics`)).statusCode).toBe(403);
    expect((await owner.get(`/api/beats/${MISSING}/analytics`)).statusCode).toBe(404);
  });

  it('answers the owner’s tiles', async () => {
    await fan.post(`/api/beats/${beatId}/rate`, { rating: 3 });
    const res = await owner.get(`/api/beats/${beatId}/analytics`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      favorites_count: 1,
      average_rating: 3,
      total_reviews: 1,
      play_count: await playCount(),
      download_count: 0,
    });
  });
});

describe('GET /api/beats/{id}/public-recordings', () => {
  it('answers an empty list for a beat, 404 for none', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/beats/${beatId}/public-recordings` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/beats/${MISSING}/public-recordings` })).statusCode,
    ).toBe(404);
  });
});
