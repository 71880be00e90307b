import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAudio, uploadImage } from '../../../../test/catalogue';
import { createTestApp, signIn, type Agent } from '../../../../test/helpers';
import { wavFile } from '../../../../test/media-fixtures';
import { VOICE_TAG_NOT_YOURS, VOICE_TAG_TOO_LONG } from './profiles.service';

describe('PUT /api/profile voice_tag_key', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let producer: Agent;
  let producerId: string;
  let other: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    ({
      agent: producer,
      user: { id: producerId },
    } = await signIn(t.app, 'producer@example.com'));
    ({ agent: other } = await signIn(t.app, 'other@example.com'));
  });
  afterAll(async () => t?.close());

  const put = (agent: Agent, payload: object) =>
    agent.request({ method: 'PUT', url: '/api/profile', payload });
  const storedTag = async () =>
    (await t.app.db.prisma.profile.findUnique({ where: { userId: producerId } }))?.voiceTagKey ?? null;

  it('needs a signed-in user', async () => {
    const key = (await uploadAudio(producer, wavFile(2))).json().key;
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile', payload: { voice_tag_key: key } });
    expect(res.statusCode).toBe(401);
    expect(await storedTag()).toBeNull();
  });

  it('refuses what is not an audio upload key, or audio longer than 15 s, changing nothing', async () => {
    const image = (await uploadImage(producer)).json().key;
    const long = (await uploadAudio(producer, wavFile(16))).json().key;
    const cases: [unknown, string][] = [
      ['../../etc/passwd', 'voice_tag_key: is not an audio file key from an upload'],
      [42, 'voice_tag_key'],
      [image, 'voice_tag_key: is not an audio file key from an upload'],
      [long, VOICE_TAG_TOO_LONG],
    ];
    for (const [voice_tag_key, error] of cases) {
      const res = await put(producer, { voice_tag_key, bio: 'changed' });
      expect(res.statusCode, String(voice_tag_key)).toBe(400);
      expect(res.json().error).toContain(error);
    }
    expect(await storedTag()).toBeNull();
    const profile = (await t.app.inject({ method: 'GET', url: `/api/users/${producerId}/profile` })).json();
    expect(profile.profile.bio).toBeNull();
  });

  it("refuses someone else's upload, and an audio key nobody uploaded", async () => {
    const theirs = (await uploadAudio(other, wavFile(2))).json().key;
    for (const key of [theirs, 'audio/00000000-0000-4000-8000-000000000000.wav']) {
      const res = await put(producer, { voice_tag_key: key });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: VOICE_TAG_NOT_YOURS });
    }
    expect(await storedTag()).toBeNull();
  });

  it('sets the tag from the own short upload, shows it on the profile, and clears it', async () => {
    const key = (await uploadAudio(producer, wavFile(3))).json().key;
    const res = await put(producer, { voice_tag_key: key });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.voice_tag_key).toBe(key);
    expect(await storedTag()).toBe(key);
    // Other fields left out keep their values, and the tag too.
    expect((await put(producer, { bio: 'Producer' })).json().profile.voice_tag_key).toBe(key);
    // The tag is private audio: its key is not served by the public files route.
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${key}` })).statusCode).toBe(404);
    const cleared = await put(producer, { voice_tag_key: null });
    expect(cleared.json().profile.voice_tag_key).toBeNull();
    expect(await storedTag()).toBeNull();
  });
});
