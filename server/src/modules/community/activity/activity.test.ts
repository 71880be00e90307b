import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBeat, member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: Awaited<ReturnType<typeof member>>;
let bob: Awaited<ReturnType<typeof member>>;
let cy: Awaited<ReturnType<typeof member>>;
let beatId = '';

beforeAll(async () => {
  t = await createTestApp();
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
  cy = await member(t.app, 'cy@example.com');
  const emit = t.app.domainEvents.emit;
  const beat = await insertBeat(t.app, bob.id, { title: 'Sunset' });
  beatId = beat.id;
  await emit({ type: 'beat.created', beatId: beat.id, userId: bob.id, title: 'Sunset' });
  await emit({
    type: 'beat.rated',
    beatId: beat.id,
    beatTitle: 'Sunset',
    ownerId: bob.id,
    userId: cy.id,
    rating: 5,
    isNew: true,
  });
  await ann.agent.request({ method: 'POST', url: `/api/users/${bob.id}/follow` });
});
afterAll(async () => t?.close());

const types = (activities: { type: string }[]) => activities.map((a) => a.type);

describe('GET /api/activity', () => {
  it('401 signed out, even with bad input', async () => {
    for (const url of ['/api/activity', '/api/activity?scope=nope']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it.each(['scope=nope', 'limit=0', 'limit=51', 'type=party'])('400 for %s', async (q) => {
    expect((await ann.agent.get(`/api/activity?${q}`)).statusCode).toBe(400);
  });

  it('global: everyone, newest first, in the Activity item shape', async () => {
    const { activities } = (await ann.agent.get('/api/activity')).json();
    expect(types(activities)).toEqual(['user_followed', 'beat_rated', 'beat_uploaded']);
    expect(activities[1]).toEqual({
      id: expect.any(String),
      type: 'beat_rated',
      userId: cy.id,
      userName: 'cy',
      userAvatar: null,
      targetId: beatId,
      targetName: 'Sunset',
      timestamp: expect.any(String),
      metadata: { rating: 5 },
    });
    expect(types((await ann.agent.get('/api/activity?limit=1')).json().activities)).toEqual([
      'user_followed',
    ]);
    expect(types((await ann.agent.get('/api/activity?type=beat_rated')).json().activities)).toEqual([
      'beat_rated',
    ]);
  });

  it('following: only people the caller follows; mine: only the caller', async () => {
    expect(types((await ann.agent.get('/api/activity?scope=following')).json().activities)).toEqual([
      'beat_uploaded',
    ]);
    expect(types((await ann.agent.get('/api/activity?scope=mine')).json().activities)).toEqual([
      'user_followed',
    ]);
    expect((await cy.agent.get('/api/activity?scope=following')).json().activities).toEqual([]);
  });

  it("a deleted beat's items leave the feed", async () => {
    await t.app.domainEvents.emit({ type: 'beat.deleted', beatId, userId: bob.id });
    expect(types((await ann.agent.get('/api/activity')).json().activities)).toEqual(['user_followed']);
  });
});
