import { emptyArrangement } from '@beatroom/shared/studio-arrangement';
import { addTake } from '@beatroom/shared/studio-arrangement-clips';
import { DEFAULT_STUDIO_SETTINGS, StudioEffectSettings } from '@beatroom/shared/studio-settings';
import { studioTakeSource } from '@beatroom/shared/studio-takes-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../../../test/catalogue';
import { member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { insertPlayableBeat, multipartBody, WEBM_TAKE, type Part } from '../../../../test/recording-fixtures';
import { NOT_A_RECORDING } from '../recordings/recording-upload';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: Awaited<ReturnType<typeof member>>;
let bob: Awaited<ReturnType<typeof member>>;
let beat: Awaited<ReturnType<typeof insertPlayableBeat>>;
const effects = StudioEffectSettings.parse(DEFAULT_STUDIO_SETTINGS);
const missing = '00000000-0000-4000-8000-000000000000.webm';

beforeAll(async () => {
  t = await createTestApp();
  const producer = await member(t.app, 'producer@example.com');
  ann = await member(t.app, 'ann@example.com');
  bob = await member(t.app, 'bob@example.com');
  beat = await insertPlayableBeat(t.app, producer.id, { title: 'Night Drive' });
});
afterAll(async () => t?.close());

type Who = Awaited<ReturnType<typeof member>> | null;
const takePart = (content: Buffer = WEBM_TAKE): Part => ({ name: 'take', filename: 'take.webm', content });
const upload = (who: Who, parts: Part[] = [takePart()], query = '') => {
  const { payload, headers } = multipartBody(parts);
  const options = { method: 'POST' as const, url: `/api/studio/takes${query}`, payload, headers };
  return who ? who.agent.request(options) : t.app.inject(options);
};
const audio = (who: Who, id: string) =>
  who ? who.agent.get(`/api/studio/takes/${id}/audio`) : t.app.inject(`/api/studio/takes/${id}/audio`);
const takeFiles = () => storedFiles(t.config.dataDir).filter((file) => file.startsWith('studio-takes'));
async function ownTake(who: NonNullable<Who>): Promise<string> {
  const res = await upload(who);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}
/** A session whose timeline names these take files. */
async function sessionWith(who: NonNullable<Who>, ids: string[]) {
  let arrangement = emptyArrangement(effects);
  ids.forEach((id, n) => {
    const take = { id: `take-${n + 1}`, name: `Take ${n + 1}`, source: studioTakeSource(id), duration: 2 };
    arrangement = addTake(arrangement, { take, trackId: 'track-1', start: n * 2 });
  });
  const res = await who.agent.post('/api/studio/sessions', {
    beat_id: beat.id,
    session_name: 'Takes',
    session_data: { ...DEFAULT_STUDIO_SETTINGS, arrangement },
  });
  if (res.statusCode !== 201) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

describe('POST /api/studio/takes', () => {
  it('401 signed out, and nothing is stored', async () => {
    expect((await upload(null)).statusCode).toBe(401);
    expect(takeFiles()).toEqual([]);
  });

  it('400 for bytes that are not audio, or no take at all; nothing is kept', async () => {
    const text = await upload(ann, [takePart(Buffer.from('lyrics, not audio\n'.repeat(20)))]);
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ error: NOT_A_RECORDING });
    const field = await upload(ann, [{ name: 'note', value: 'hello' }]);
    expect(field.statusCode).toBe(400);
    const json = await ann.agent.post('/api/studio/takes', { take: 'x' });
    expect(json.statusCode).toBe(400);
    expect(takeFiles()).toEqual([]);
  });

  it('stores a WebM/Opus take as a private file of its owner: 201 with its id', async () => {
    const res = await upload(ann);
    expect(res.statusCode).toBe(201);
    const { id, size } = res.json() as { id: string; size: number };
    expect(id).toMatch(/^[0-9a-f-]{36}\.webm$/);
    expect(size).toBe(WEBM_TAKE.length);
    expect(takeFiles()).toContain(`studio-takes/${id}`);
    // Never through the public files route.
    expect((await t.app.inject(`/api/files/studio-takes/${id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/studio/takes?id= (a take named before it was online)', () => {
  const named = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';

  it('401 signed out, 400 for an id that is not a uuid; nothing is stored', async () => {
    expect((await upload(null, [takePart()], `?id=${named}`)).statusCode).toBe(401);
    const bad = await upload(ann, [takePart()], '?id=..%2F..%2Fetc');
    expect(bad.statusCode).toBe(400);
    expect(takeFiles().filter((file) => file.includes(named))).toEqual([]);
  });

  it('keeps the id it was given; sending it again answers the same file, once', async () => {
    const first = await upload(ann, [takePart()], `?id=${named}`);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: `${named}.webm`, size: WEBM_TAKE.length });
    const again = await upload(ann, [takePart()], `?id=${named}`);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(takeFiles().filter((file) => file.includes(named))).toEqual([`studio-takes/${named}.webm`]);
    expect((await audio(ann, `${named}.webm`)).statusCode).toBe(200);
  });

  it("409 for an id someone else's take already has, which stays theirs", async () => {
    const res = await upload(bob, [takePart()], `?id=${named}`);
    expect(res.statusCode).toBe(409);
    expect((await audio(bob, `${named}.webm`)).statusCode).toBe(404);
    expect((await audio(ann, `${named}.webm`)).statusCode).toBe(200);
  });
});

describe('GET /api/studio/takes/{id}/audio', () => {
  it('401 signed out', async () => {
    const id = await ownTake(ann);
    expect((await audio(null, id)).statusCode).toBe(401);
  });

  it('404 for an id that is not a take file, or one that does not exist', async () => {
    expect((await audio(ann, '..%2F..%2Fetc%2Fpasswd')).json()).toEqual({ error: 'Take not found' });
    expect((await audio(ann, missing)).statusCode).toBe(404);
  });

  it("404 for someone else's take, the same as a missing one", async () => {
    const id = await ownTake(ann);
    const res = await audio(bob, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Take not found' });
  });

  it('serves the owner their take, with ranges', async () => {
    const id = await ownTake(ann);
    const res = await audio(ann, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/webm');
    expect(res.rawPayload.equals(WEBM_TAKE)).toBe(true);
    const part = await ann.agent.request({
      method: 'GET',
      url: `/api/studio/takes/${id}/audio`,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
  });
});

describe('DELETE /api/studio/takes/{id}', () => {
  it("401 signed out, 404 for a bad or missing id and for someone else's; the owner's goes", async () => {
    const id = await ownTake(ann);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/studio/takes/${id}` })).statusCode).toBe(401);
    expect((await bob.agent.request({ method: 'DELETE', url: '/api/studio/takes/nope' })).statusCode).toBe(
      404,
    );
    expect((await bob.agent.request({ method: 'DELETE', url: `/api/studio/takes/${id}` })).statusCode).toBe(
      404,
    );
    expect(takeFiles()).toContain(`studio-takes/${id}`);
    expect((await ann.agent.request({ method: 'DELETE', url: `/api/studio/takes/${id}` })).statusCode).toBe(
      204,
    );
    expect(takeFiles()).not.toContain(`studio-takes/${id}`);
    expect((await audio(ann, id)).statusCode).toBe(404);
  });
});

describe('deleting a session', () => {
  it('deletes the take files it names that no other session names, and nobody else’s', async () => {
    const shared = await ownTake(ann);
    const only = await ownTake(ann);
    const bobs = await ownTake(bob);
    const first = await sessionWith(ann, [shared, only, bobs]);
    await sessionWith(ann, [shared]);
    const res = await ann.agent.request({ method: 'DELETE', url: `/api/studio/sessions/${first}` });
    expect(res.statusCode).toBe(204);
    expect(takeFiles()).not.toContain(`studio-takes/${only}`);
    expect(takeFiles()).toContain(`studio-takes/${shared}`);
    expect(takeFiles()).toContain(`studio-takes/${bobs}`);
    expect((await audio(ann, shared)).statusCode).toBe(200);
    expect((await audio(bob, bobs)).statusCode).toBe(200);
  });
});
