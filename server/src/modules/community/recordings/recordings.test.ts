import { encodeWav } from '../../catalogue/audio/wav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../../../test/catalogue';
import { eventually, member } from '../../../../test/community-fixtures';
import { createTestApp } from '../../../../test/helpers';
import { tone } from '../../../../test/media-fixtures';
import {
  insertPlayableBeat,
  multipartBody,
  takeParts,
  WEBM_TAKE,
  type Part,
} from '../../../../test/recording-fixtures';
import { NOT_A_RECORDING, RECORDING_TOO_LARGE } from './recording-upload';

let t: Awaited<ReturnType<typeof createTestApp>>;
let producer: Awaited<ReturnType<typeof member>>;
let vocalist: Awaited<ReturnType<typeof member>>;
let stranger: Awaited<ReturnType<typeof member>>;
let beat: Awaited<ReturnType<typeof insertPlayableBeat>>;
const nobody = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  producer = await member(t.app, 'producer@example.com');
  vocalist = await member(t.app, 'vocalist@example.com');
  stranger = await member(t.app, 'stranger@example.com');
  await t.app.db.prisma.profile.update({
    where: { userId: vocalist.id },
    data: { displayName: 'Vee Vocals', profileImageKey: 'images/00000000-0000-4000-8000-0000000000aa.jpg' },
  });
  beat = await insertPlayableBeat(t.app, producer.id, {
    title: 'Night Drive',
    coverImageKey: 'images/00000000-0000-4000-8000-0000000000bb.jpg',
  });
});
afterAll(async () => t?.close());

type Who = Awaited<ReturnType<typeof member>> | null;
const upload = (who: Who, parts: Part[]) => {
  const { payload, headers } = multipartBody(parts);
  const options = { method: 'POST' as const, url: '/api/recordings/upload', payload, headers };
  return who ? who.agent.request(options) : t.app.inject(options);
};
const takesStored = () => storedFiles(t.config.dataDir).filter((file) => file.startsWith('recordings'));
const rows = () => t.app.db.prisma.recording.count();

async function saveTake(who: Who, options: Parameters<typeof takeParts>[1] = {}, beatId = beat.id) {
  const res = await upload(who, takeParts(beatId, options));
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; file_key: string; audio_url: string };
}

describe('POST /api/recordings/upload', () => {
  it('401 signed out, and nothing is stored', async () => {
    const res = await upload(null, takeParts(beat.id));
    expect(res.statusCode).toBe(401);
    expect(takesStored()).toEqual([]);
  });

  it('saves a WebM/Opus take: the server decodes it for its duration and waveform', async () => {
    const res = await upload(
      vocalist,
      takeParts(beat.id, { name: '  Night Drive - Vocal Cover ', isPublic: true }),
    );
    expect(res.statusCode).toBe(201);
    const recording = res.json();
    expect(recording).toMatchObject({
      recording_name: 'Night Drive - Vocal Cover',
      file_size: WEBM_TAKE.length,
      format: 'webm',
      is_public: true,
      beat_id: beat.id,
      beat_title: 'Night Drive',
      beat_cover: 'images/00000000-0000-4000-8000-0000000000bb.jpg',
      play_count: 0,
      audio_url: `/api/recordings/${recording.id}/audio`,
    });
    expect(recording.file_key).toMatch(/^recordings\/[0-9a-f-]{36}\.webm$/);
    // The fixture is 1.5 s of a sine at half scale.
    expect(recording.duration_seconds).toBeGreaterThan(1.3);
    expect(recording.duration_seconds).toBeLessThan(1.7);
    expect(recording.peaks.length).toBeGreaterThan(100);
    const loudest = Math.max(...recording.peaks.map(([, max]: [number, number]) => max));
    expect(loudest).toBeGreaterThan(0.45);
    expect(loudest).toBeLessThan(0.56);
    expect(takesStored()).toContain(recording.file_key);
  });

  it('saves a WAV mixdown, measured from its samples, with the fields after the file', async () => {
    const wav = encodeWav([tone(2, 48_000, 440, 0.25)], 48_000);
    const [beatId, name, isPublic, file] = takeParts(beat.id, {
      content: wav,
      filename: 'mix.wav',
      name: 'Mix',
    });
    const res = await upload(vocalist, [file!, beatId!, name!, isPublic!]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ format: 'wav', is_public: false, duration_seconds: 2 });
    expect(res.json().file_key).toMatch(/\.wav$/);
  });

  it('400 for what is not WebM/Opus or WAV, checked by content, and nothing is stored', async () => {
    const before = takesStored().length;
    const text = Buffer.from('These are lyrics, not audio, in a file renamed take.webm\n'.repeat(20));
    const renamed = await upload(vocalist, takeParts(beat.id, { content: text, filename: 'take.webm' }));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ error: NOT_A_RECORDING });
    // EBML magic, but no Opus track inside: refused after decoding, and its file removed.
    const fakeEbml = Buffer.concat([WEBM_TAKE.subarray(0, 4), Buffer.alloc(2000, 0x42)]);
    const truncated = await upload(vocalist, takeParts(beat.id, { content: fakeEbml }));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ error: NOT_A_RECORDING });
    expect(takesStored().length).toBe(before);
  });

  it('400 naming the field for bad fields, 404 for a beat that does not exist; nothing is stored', async () => {
    const before = { files: takesStored().length, rows: await rows() };
    const blank = await upload(vocalist, takeParts(beat.id, { name: '   ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'recording_name: Please enter a name for your recording.' });
    const badId = await upload(vocalist, takeParts('not-a-beat'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toMatch(/^beat_id: /);
    const badFlag = await upload(vocalist, [
      ...takeParts(beat.id).slice(0, 2),
      { name: 'is_public', value: 'yes' },
      takeParts(beat.id)[3]!,
    ]);
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().error).toMatch(/^is_public: /);
    const missing = await upload(vocalist, takeParts(nobody));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Beat not found' });
    const noFile = await upload(vocalist, takeParts(beat.id).slice(0, 3));
    expect(noFile.statusCode).toBe(400);
    expect(await rows()).toBe(before.rows);
    expect(takesStored().length).toBe(before.files);
  });

  it('a retry with the same idempotency key saves the take once and answers it again', async () => {
    const before = { files: takesStored().length, rows: await rows() };
    const parts = [...takeParts(beat.id, { name: 'Queued offline' })];
    parts.splice(3, 0, { name: 'idempotency_key', value: 'desktop-take-0001' });
    const first = await upload(vocalist, parts);
    expect(first.statusCode).toBe(201);
    const again = await upload(vocalist, parts);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    // The key sent after the file: checked once the file is in, the copy removed.
    const late = await upload(vocalist, [parts[4]!, ...parts.slice(0, 4)]);
    expect(late.statusCode).toBe(200);
    expect(late.json().id).toBe(first.json().id);
    expect(await rows()).toBe(before.rows + 1);
    expect(takesStored().length).toBe(before.files + 1);
    // Another user's key space is their own.
    const someoneElse = await member(t.app, 'keyspace@example.com');
    const theirs = await upload(someoneElse, parts);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.json().id);
    const bad = await upload(vocalist, [
      ...parts.slice(0, 3),
      { name: 'idempotency_key', value: 'x' },
      parts[4]!,
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^idempotency_key: /);
  });

  it('413 for a take over 50 MB, and nothing is stored', async () => {
    const before = { files: takesStored().length, rows: await rows() };
    const big = Buffer.concat([WEBM_TAKE, Buffer.alloc(51 * 1024 * 1024 - WEBM_TAKE.length)]);
    const res = await upload(vocalist, takeParts(beat.id, { content: big }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: RECORDING_TOO_LARGE });
    expect(await rows()).toBe(before.rows);
    expect(storedFiles(t.config.dataDir).filter((f) => f.startsWith('recordings')).length).toBe(before.files);
  });
});

describe('GET /api/recordings/{id}/audio and /api/files', () => {
  it('a private take plays for its owner only; /api/files never serves it', async () => {
    const take = await saveTake(vocalist, { isPublic: false });
    const own = await vocalist.agent.get(take.audio_url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('audio/webm');
    expect(own.rawPayload.equals(WEBM_TAKE)).toBe(true);
    const range = await vocalist.agent.get(take.audio_url, { range: 'bytes=0-3' });
    expect(range.statusCode).toBe(206);
    expect([...range.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);

    for (const res of [
      await stranger.agent.get(take.audio_url),
      await t.app.inject({ url: take.audio_url }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Recording not found' });
    }
    for (const who of [vocalist.agent, stranger.agent]) {
      expect((await who.get(`/api/files/${take.file_key}`)).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/recordings/nope/audio' })).statusCode).toBe(404);
  });

  it('a public take plays for anyone, signed out included', async () => {
    const take = await saveTake(vocalist, { isPublic: true });
    const res = await t.app.inject({ url: take.audio_url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(WEBM_TAKE)).toBe(true);
    expect((await t.app.inject({ url: `/api/files/${take.file_key}` })).statusCode).toBe(404);
  });
});

describe('GET /api/recordings', () => {
  it('401 signed out', async () => {
    expect((await t.app.inject({ url: '/api/recordings' })).statusCode).toBe(401);
  });

  it("lists the caller's own takes, newest first, with the beat's title and cover", async () => {
    const res = await vocalist.agent.get('/api/recordings');
    expect(res.statusCode).toBe(200);
    const list = res.json().recordings as { created_at: string; beat_title: string; beat_cover: string }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.every((r) => r.beat_title === 'Night Drive')).toBe(true);
    expect(list.every((r) => r.beat_cover === 'images/00000000-0000-4000-8000-0000000000bb.jpg')).toBe(true);
    const times = list.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // Someone else's takes are not theirs to see.
    expect((await stranger.agent.get('/api/recordings')).json()).toEqual({ recordings: [] });
  });
});

describe('POST /api/recordings/{id}/play', () => {
  const playCount = async (id: string) =>
    (await t.app.db.prisma.recording.findUniqueOrThrow({ where: { id } })).playCount;

  it('counts plays of a public take by anyone, and of a private take by its owner only', async () => {
    const open = await saveTake(vocalist, { isPublic: true });
    expect((await t.app.inject({ method: 'POST', url: `/api/recordings/${open.id}/play` })).statusCode).toBe(
      204,
    );
    expect((await stranger.agent.post(`/api/recordings/${open.id}/play`)).statusCode).toBe(204);
    expect(await playCount(open.id)).toBe(2);

    const closed = await saveTake(vocalist, { isPublic: false });
    expect((await vocalist.agent.post(`/api/recordings/${closed.id}/play`)).statusCode).toBe(204);
    const refused = await stranger.agent.post(`/api/recordings/${closed.id}/play`);
    expect(refused.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/recordings/${closed.id}/play` })).statusCode,
    ).toBe(404);
    expect(await playCount(closed.id)).toBe(1);
  });

  it('404 for a malformed or unknown id', async () => {
    for (const id of ['nope', nobody]) {
      const res = await vocalist.agent.post(`/api/recordings/${id}/play`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Recording not found' });
    }
  });
});

describe('DELETE /api/recordings/{id}', () => {
  it("401 signed out; someone else's take is a 404 and stays", async () => {
    const take = await saveTake(vocalist);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/recordings/${take.id}` })).statusCode).toBe(
      401,
    );
    const res = await stranger.agent.request({ method: 'DELETE', url: `/api/recordings/${take.id}` });
    expect(res.statusCode).toBe(404);
    expect(await t.app.db.prisma.recording.count({ where: { id: take.id } })).toBe(1);
    expect(takesStored()).toContain(take.file_key);
  });

  it('deletes an own take and its file; again, or a malformed id, is a 404', async () => {
    const take = await saveTake(vocalist);
    const res = await vocalist.agent.request({ method: 'DELETE', url: `/api/recordings/${take.id}` });
    expect(res.statusCode).toBe(204);
    expect(takesStored()).not.toContain(take.file_key);
    expect((await vocalist.agent.get(take.audio_url)).statusCode).toBe(404);
    for (const id of [take.id, 'nope']) {
      expect(
        (await vocalist.agent.request({ method: 'DELETE', url: `/api/recordings/${id}` })).statusCode,
      ).toBe(404);
    }
  });
});

describe('PATCH /api/recordings/{id}', () => {
  const patch = (who: Who, id: string, payload: unknown) => {
    const options = { method: 'PATCH' as const, url: `/api/recordings/${id}`, payload: payload as object };
    return who ? who.agent.request(options) : t.app.inject(options);
  };
  const covers = async (beatId: string) =>
    ((await t.app.inject({ url: `/api/beats/${beatId}/public-recordings` })).json() as { id: string }[]).map(
      (r) => r.id,
    );

  it("401 signed out; 400 for a bad body; someone else's or an unknown take is a 404; nothing changes", async () => {
    const take = await saveTake(vocalist, { isPublic: false });
    expect((await patch(null, take.id, { is_public: true })).statusCode).toBe(401);
    for (const body of [{}, { is_public: 'yes' }, { is_public: true, recording_name: 'x' }]) {
      const res = await patch(vocalist, take.id, body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const theirs = await patch(stranger, take.id, { is_public: true });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'Recording not found' });
    for (const id of ['nope', nobody])
      expect((await patch(vocalist, id, { is_public: true })).statusCode).toBe(404);
    expect((await t.app.db.prisma.recording.findUniqueOrThrow({ where: { id: take.id } })).isPublic).toBe(
      false,
    );
  });

  it("publishes an own private take under the beat's vocal covers, and unpublishes it", async () => {
    const other = await insertPlayableBeat(t.app, producer.id);
    const take = await saveTake(vocalist, { isPublic: false, name: 'Later' }, other.id);
    expect(await covers(other.id)).toEqual([]);
    const published = await patch(vocalist, take.id, { is_public: true });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ id: take.id, is_public: true, recording_name: 'Later' });
    expect(await covers(other.id)).toEqual([take.id]);
    expect((await t.app.inject({ url: take.audio_url })).statusCode).toBe(200);

    const unpublished = await patch(vocalist, take.id, { is_public: false });
    expect(unpublished.json()).toMatchObject({ id: take.id, is_public: false });
    expect(await covers(other.id)).toEqual([]);
    expect((await t.app.inject({ url: take.audio_url })).statusCode).toBe(404);
  });
});

describe('GET /api/beats/{id}/public-recordings', () => {
  it("lists a beat's public takes with the vocalist's name and picture, to anyone", async () => {
    const other = await insertPlayableBeat(t.app, producer.id);
    const open = await saveTake(vocalist, { isPublic: true, name: 'Open Take' }, other.id);
    await saveTake(vocalist, { isPublic: false, name: 'Hidden Take' }, other.id);
    await t.app.inject({ method: 'POST', url: `/api/recordings/${open.id}/play` });
    const res = await t.app.inject({ url: `/api/beats/${other.id}/public-recordings` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: open.id,
        user_id: vocalist.id,
        recording_name: 'Open Take',
        file_key: open.file_key,
        vocalist_name: 'Vee Vocals',
        vocalist_avatar: 'images/00000000-0000-4000-8000-0000000000aa.jpg',
        play_count: 1,
        created_at: expect.any(String),
        duration_seconds: expect.any(Number),
        audio_url: `/api/recordings/${open.id}/audio`,
      },
    ]);
  });

  it('404 for a malformed or unknown beat', async () => {
    for (const id of ['nope', nobody]) {
      const res = await t.app.inject({ url: `/api/beats/${id}/public-recordings` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Beat not found' });
    }
  });
});

describe('orphan sweep hook', () => {
  it('names the stored keys a take refers to', async () => {
    const take = await saveTake(vocalist);
    const other = 'recordings/00000000-0000-4000-8000-000000000001.webm';
    expect(await t.app.recordings.referencedKeys([take.file_key, other])).toEqual(new Set([take.file_key]));
  });
});

describe('deletions elsewhere', () => {
  it('a deleted beat takes its covers and their files with it', async () => {
    const doomed = await insertPlayableBeat(t.app, producer.id);
    const take = await saveTake(vocalist, { isPublic: true }, doomed.id);
    const res = await producer.agent.request({ method: 'DELETE', url: `/api/beats/${doomed.id}` });
    expect(res.statusCode).toBe(204);
    await eventually(async () => {
      expect(await t.app.db.prisma.recording.count({ where: { id: take.id } })).toBe(0);
      expect(takesStored()).not.toContain(take.file_key);
    });
  });

  it("deleting an account removes the user's takes, sessions and files", async () => {
    const leaving = await member(t.app, 'leaving@example.com');
    const take = await saveTake(leaving, { isPublic: true });
    const session = await leaving.agent.post('/api/studio/sessions', {
      beat_id: beat.id,
      session_name: 'Mine',
      session_data: (await import('@beatroom/shared/studio-settings')).DEFAULT_STUDIO_SETTINGS,
    });
    expect(session.statusCode).toBe(201);
    const res = await leaving.agent.request({
      method: 'DELETE',
      url: '/api/account/delete',
      payload: { confirm: 'DELETE' },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.db.prisma.recording.count({ where: { userId: leaving.id } })).toBe(0);
    expect(await t.app.db.prisma.studioSession.count({ where: { userId: leaving.id } })).toBe(0);
    expect(takesStored()).not.toContain(take.file_key);
    // The vocalist's own takes are untouched.
    expect((await vocalist.agent.get('/api/recordings')).json().recordings.length).toBeGreaterThan(0);
  });
});
