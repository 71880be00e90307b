import { emptyArrangement } from '@beatroom/shared/studio-arrangement';
import { addTake } from '@beatroom/shared/studio-arrangement-clips';
import { compRegion } from '@beatroom/shared/studio-arrangement-tracks';
import { DEFAULT_STUDIO_SETTINGS, StudioEffectSettings } from '@beatroom/shared/studio-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { insertPlayableBeat } from '../../../../test/recording-fixtures';
import { buyLocally } from '../../../../test/selling-fixtures';

let t: Awaited<ReturnType<typeof createTestApp>>;
let producer: Awaited<ReturnType<typeof member>>;
let ann: Awaited<ReturnType<typeof member>>;
let bob: Awaited<ReturnType<typeof member>>;
let beat: Awaited<ReturnType<typeof insertPlayableBeat>>;
let otherBeat: Awaited<ReturnType<typeof insertPlayableBeat>>;
const nobody = '00000000-0000-4000-8000-000000000000';
const effects = StudioEffectSettings.parse(DEFAULT_STUDIO_SETTINGS);

beforeAll(async () => {
  t = await createTestApp();
  producer = await member(t.app, 'producer@example.com');
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
  beat = await insertPlayableBeat(t.app, producer.id, { title: 'Night Drive' });
  otherBeat = await insertPlayableBeat(t.app, producer.id, { title: 'Day Trip' });
});
afterAll(async () => t?.close());

const newSession = (beatId = beat.id, overrides: Record<string, unknown> = {}) => ({
  beat_id: beatId,
  session_name: 'Verse ideas',
  session_data: { ...DEFAULT_STUDIO_SETTINGS, reverbAmount: 45 },
  ...overrides,
});
async function saveSession(who: typeof ann, body = newSession()) {
  const res = await who.agent.post('/api/studio/sessions', body);
  if (res.statusCode !== 201) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; session_name: string; updated_at: string };
}

describe('studio session routes: signed out', () => {
  it.each([
    ['GET', '/api/studio/sessions'],
    ['GET', `/api/studio/sessions/${nobody}`],
    ['POST', '/api/studio/sessions'],
    ['PUT', `/api/studio/sessions/${nobody}`],
    ['DELETE', `/api/studio/sessions/${nobody}`],
    ['GET', `/api/studio/beats/${nobody}`],
    ['GET', `/api/studio/beats/${nobody}/audio`],
  ] as const)('%s %s: 401 whatever is sent', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      payload: method === 'POST' || method === 'PUT' ? newSession() : undefined,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/studio/sessions', () => {
  it('saves a session with its settings and answers it', async () => {
    const res = await ann.agent.post('/api/studio/sessions', newSession());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      beat_id: beat.id,
      session_name: 'Verse ideas',
      session_data: { ...DEFAULT_STUDIO_SETTINGS, reverbAmount: 45 },
      is_public: false,
    });
  });

  it('accepts session_data as JSON text as well as an object', async () => {
    const res = await ann.agent.post(
      '/api/studio/sessions',
      newSession(beat.id, { session_data: JSON.stringify({ ...DEFAULT_STUDIO_SETTINGS, gate: 30 }) }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().session_data.gate).toBe(30);
  });

  it('400 naming the field for settings out of range, unknown or missing; nothing is saved', async () => {
    const before = await t.app.db.prisma.studioSession.count();
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { session_data: { ...DEFAULT_STUDIO_SETTINGS, eqLow: 150 } },
        /^session_data\.eqLow: eqLow must be 0 to 100$/,
      ],
      [{ session_data: { ...DEFAULT_STUDIO_SETTINGS, countInBars: 2.5 } }, /^session_data\.countInBars: /],
      [{ session_data: { ...DEFAULT_STUDIO_SETTINGS, bassBoost: 3 } }, /^session_data: /],
      [{ session_data: { ...DEFAULT_STUDIO_SETTINGS, micVolume: undefined } }, /^session_data\.micVolume: /],
      [{ session_data: '{not json' }, /^session_data: /],
      [{ session_name: '   ' }, /^session_name: Please enter a session name\.$/],
      [{ beat_id: 'nope' }, /^beat_id: /],
    ];
    for (const [overrides, error] of cases) {
      const res = await ann.agent.post('/api/studio/sessions', newSession(beat.id, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    expect(await t.app.db.prisma.studioSession.count()).toBe(before);
  });

  it('404 for a beat that does not exist', async () => {
    const res = await ann.agent.post('/api/studio/sessions', newSession(nobody));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Beat not found' });
  });
});

describe('GET /api/studio/sessions', () => {
  it("lists the caller's own sessions, newest saved first, for one beat with ?beat_id", async () => {
    const first = await saveSession(bob, newSession(beat.id, { session_name: 'First' }));
    const second = await saveSession(bob, newSession(otherBeat.id, { session_name: 'Second' }));
    const all = (await bob.agent.get('/api/studio/sessions')).json().sessions as { id: string }[];
    expect(all.map((s) => s.id)).toEqual([second.id, first.id]);
    const forBeat = await bob.agent.get(`/api/studio/sessions?beat_id=${beat.id}`);
    expect(forBeat.statusCode).toBe(200);
    expect(forBeat.json().sessions.map((s: { id: string }) => s.id)).toEqual([first.id]);
    // Nobody else's sessions show.
    const annList = (await ann.agent.get('/api/studio/sessions')).json().sessions as { id: string }[];
    expect(annList.some((s) => s.id === first.id || s.id === second.id)).toBe(false);
  });

  it('400 for a malformed beat_id', async () => {
    const res = await bob.agent.get('/api/studio/sessions?beat_id=nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^beat_id: /);
  });

  it("GET one: own only; someone else's or a malformed id is a 404", async () => {
    const own = await saveSession(bob);
    expect((await bob.agent.get(`/api/studio/sessions/${own.id}`)).json()).toMatchObject({ id: own.id });
    for (const id of [own.id, 'nope']) {
      const res = await ann.agent.get(`/api/studio/sessions/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Session not found' });
    }
  });
});

describe('PUT /api/studio/sessions/{id}', () => {
  it('auto-save: replaces the settings sent, keeps the rest', async () => {
    const own = await saveSession(ann);
    const changed = { ...DEFAULT_STUDIO_SETTINGS, eqHigh: 70, countInBars: 4 };
    const res = await ann.agent.request({
      method: 'PUT',
      url: `/api/studio/sessions/${own.id}`,
      payload: { session_data: changed },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: own.id, session_name: 'Verse ideas', session_data: changed });
    expect(res.json().updated_at >= own.updated_at).toBe(true);
    const renamed = await ann.agent.request({
      method: 'PUT',
      url: `/api/studio/sessions/${own.id}`,
      payload: { session_name: 'Hook', is_public: true },
    });
    expect(renamed.json()).toMatchObject({ session_name: 'Hook', is_public: true, session_data: changed });
  });

  it("someone else's session is a 404 and does not change", async () => {
    const own = await saveSession(ann);
    const res = await bob.agent.request({
      method: 'PUT',
      url: `/api/studio/sessions/${own.id}`,
      payload: { session_name: 'Stolen' },
    });
    expect(res.statusCode).toBe(404);
    expect((await ann.agent.get(`/api/studio/sessions/${own.id}`)).json().session_name).toBe('Verse ideas');
  });

  it('400 for bad settings or an empty body, and nothing changes', async () => {
    const own = await saveSession(ann);
    for (const payload of [{ session_data: { ...DEFAULT_STUDIO_SETTINGS, vocalPan: -1 } }, {}]) {
      const res = await ann.agent.request({ method: 'PUT', url: `/api/studio/sessions/${own.id}`, payload });
      expect(res.statusCode).toBe(400);
    }
    expect((await ann.agent.get(`/api/studio/sessions/${own.id}`)).json().session_data.reverbAmount).toBe(45);
  });
});

describe('session_data.arrangement (the studio timeline)', () => {
  const arrangement = () => {
    let a = emptyArrangement(effects);
    a = addTake(a, {
      take: { id: 'take-1', name: 'Take 1', source: null, duration: 8 },
      trackId: 'track-1',
      start: 2,
    });
    a = addTake(a, {
      take: { id: 'take-2', name: 'Take 2', source: null, duration: 8 },
      trackId: 'track-1',
      start: 2,
    });
    return compRegion(a, 'track-1', 2, 6, 0);
  };

  it('auto-save stores the timeline and answers it; an older session without one still loads', async () => {
    const own = await saveSession(ann);
    expect((await ann.agent.get(`/api/studio/sessions/${own.id}`)).json().session_data).not.toHaveProperty(
      'arrangement',
    );
    const data = { ...DEFAULT_STUDIO_SETTINGS, arrangement: arrangement() };
    const res = await ann.agent.request({
      method: 'PUT',
      url: `/api/studio/sessions/${own.id}`,
      payload: { session_data: data },
    });
    expect(res.statusCode).toBe(200);
    expect((await ann.agent.get(`/api/studio/sessions/${own.id}`)).json().session_data).toEqual(data);
  });

  it('400 for a timeline that does not hold together, and nothing changes', async () => {
    const own = await saveSession(ann);
    const good = arrangement();
    for (const bad of [
      { ...good, version: 2 },
      { ...good, clips: [{ ...good.clips[0]!, takeId: 'missing' }] },
      { ...good, tracks: Array.from({ length: 9 }, (_, i) => ({ ...good.tracks[0]!, id: `t${i}` })) },
      { ...good, takes: [{ ...good.takes[0]!, audio: 'AAAA' }] },
    ]) {
      const res = await ann.agent.request({
        method: 'PUT',
        url: `/api/studio/sessions/${own.id}`,
        payload: { session_data: { ...DEFAULT_STUDIO_SETTINGS, arrangement: bad } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    expect((await ann.agent.get(`/api/studio/sessions/${own.id}`)).json().session_data).not.toHaveProperty(
      'arrangement',
    );
  });
});

describe('DELETE /api/studio/sessions/{id}', () => {
  it("deletes an own session; someone else's, a malformed id or a second delete is a 404", async () => {
    const own = await saveSession(ann);
    const stolen = await bob.agent.request({ method: 'DELETE', url: `/api/studio/sessions/${own.id}` });
    expect(stolen.statusCode).toBe(404);
    const res = await ann.agent.request({ method: 'DELETE', url: `/api/studio/sessions/${own.id}` });
    expect(res.statusCode).toBe(204);
    for (const id of [own.id, 'nope']) {
      expect(
        (await ann.agent.request({ method: 'DELETE', url: `/api/studio/sessions/${id}` })).statusCode,
      ).toBe(404);
    }
  });
});

describe('GET /api/studio/beats/{beatId} and its audio ("Try it on your voice")', () => {
  const audioOf = (who: typeof ann, beatId: string) => who.agent.get(`/api/studio/beats/${beatId}/audio`);

  it('everyone else gets the voice-tagged preview', async () => {
    const res = await bob.agent.get(`/api/studio/beats/${beat.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: beat.id,
      title: 'Night Drive',
      bpm: null,
      key_signature: null,
      cover_image_key: null,
      audio_source: 'preview',
      audio_url: `/api/studio/beats/${beat.id}/audio`,
    });
    const audio = await audioOf(bob, beat.id);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['x-beat-audio-source']).toBe('preview');
    expect(audio.rawPayload.equals(beat.previewBytes)).toBe(true);
  });

  it('the producer, and a vocalist once they hold a licence, get the master', async () => {
    expect((await producer.agent.get(`/api/studio/beats/${beat.id}`)).json().audio_source).toBe('master');
    const own = await audioOf(producer, beat.id);
    expect(own.headers['x-beat-audio-source']).toBe('master');
    expect(own.rawPayload.equals(beat.masterBytes)).toBe(true);

    // A take kept from before the purchase: the same URL now answers the master.
    await buyLocally(ann.agent, { id: beat.id, priceCents: beat.priceCents }, 'basic');
    expect((await ann.agent.get(`/api/studio/beats/${beat.id}`)).json().audio_source).toBe('master');
    const bought = await audioOf(ann, beat.id);
    expect(bought.headers['x-beat-audio-source']).toBe('master');
    expect(bought.rawPayload.equals(beat.masterBytes)).toBe(true);
    const ranged = await ann.agent.get(`/api/studio/beats/${beat.id}/audio`, { range: 'bytes=0-3' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.toString('latin1')).toBe('RIFF');
    // A licence for one beat is not one for another.
    expect((await ann.agent.get(`/api/studio/beats/${otherBeat.id}`)).json().audio_source).toBe('preview');
  });

  it('404 for a beat that is unknown, malformed or not playable yet', async () => {
    const pending = await insertPlayableBeat(t.app, producer.id);
    await t.app.db.prisma.beat.update({ where: { id: pending.id }, data: { previewStatus: 'pending' } });
    for (const id of [nobody, 'nope', pending.id]) {
      for (const res of [await bob.agent.get(`/api/studio/beats/${id}`), await audioOf(bob, id)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Beat not found' });
      }
    }
  });
});
