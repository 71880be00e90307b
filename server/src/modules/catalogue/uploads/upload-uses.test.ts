import { describe, expect, it } from 'vitest';
import { createBeat, uploadAudio, uploadImage, useCatalogueApp } from '../../../../test/catalogue';
import { wavFile } from '../../../../test/media-fixtures';
import { SAME_FILE_TWICE } from '../../community/profiles/profiles.service';
import { fileInUse } from './upload-uses';

// An upload key serves one use (a beat's audio or cover, a profile picture,
// a profile cover, a voice tag). A profile picture that was also a beat's cover broke when the
// beat was deleted, because deleting a beat deletes its files.
const ctx = useCatalogueApp();

const putProfile = (payload: object) => ctx.owner.request({ method: 'PUT', url: '/api/profile', payload });
const storedProfile = () =>
  ctx.t.app.db.prisma.profile.findUniqueOrThrow({
    where: { userId: ctx.ownerId },
    select: { profileImageKey: true, coverImageKey: true, voiceTagKey: true },
  });
const newImage = async () => (await uploadImage(ctx.owner)).json().key as string;

describe('one upload, one use', () => {
  it("409 for a profile picture or cover that is a beat's cover, and nothing changes", async () => {
    const cover = await newImage();
    const beatId = await createBeat(ctx.owner, { cover_image_key: cover });
    const before = await storedProfile();
    for (const field of ['profile_image_key', 'cover_image_key']) {
      const res = await putProfile({ [field]: cover, bio: 'changed' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: fileInUse('beat_cover') });
    }
    expect(await storedProfile()).toEqual(before);
    // The beat goes with its cover; the profile never pointed at it.
    expect((await ctx.owner.request({ method: 'DELETE', url: `/api/beats/${beatId}` })).statusCode).toBe(204);
  });

  it('409 for a beat cover (new or edited) that is a profile picture, and nothing changes', async () => {
    const avatar = await newImage();
    expect((await putProfile({ profile_image_key: avatar })).statusCode).toBe(200);
    const audio = (await uploadAudio(ctx.owner)).json().key;
    const create = await ctx.owner.post('/api/beats', {
      title: 'Face',
      genre: 'Trap',
      audio_file_key: audio,
      cover_image_key: avatar,
    });
    expect(create.statusCode).toBe(409);
    expect(create.json()).toEqual({ error: fileInUse('avatar') });
    expect(await ctx.t.app.db.prisma.beat.count({ where: { audioFileKey: audio } })).toBe(0);

    const beatId = await createBeat(ctx.owner);
    const edit = await ctx.owner.request({
      method: 'PUT',
      url: `/api/beats/${beatId}/edit`,
      payload: { cover_image_key: avatar, title: 'Renamed' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ error: fileInUse('avatar') });
    expect((await ctx.anonymous('GET', `/api/beats/${beatId}`)).json()).toMatchObject({
      title: 'Test Beat',
      cover_image_key: null,
    });
  });

  it("409 for a voice tag that is a beat's audio, and for someone else's profile picture", async () => {
    const audio = (await uploadAudio(ctx.owner, wavFile(3))).json().key;
    await ctx.owner.post('/api/beats', { title: 'Tagged', genre: 'Pop', audio_file_key: audio });
    const tag = await putProfile({ voice_tag_key: audio });
    expect(tag.statusCode).toBe(409);
    expect(tag.json()).toEqual({ error: fileInUse('beat_audio') });

    const theirs = (await uploadImage(ctx.stranger)).json().key;
    const stranger = await ctx.stranger.request({
      method: 'PUT',
      url: '/api/profile',
      payload: { profile_image_key: theirs },
    });
    expect(stranger.statusCode).toBe(200);
    const beat = await ctx.stranger.post('/api/beats', {
      title: 'Theirs',
      genre: 'Pop',
      audio_file_key: (await uploadAudio(ctx.stranger)).json().key,
      cover_image_key: theirs,
    });
    expect(beat.statusCode).toBe(409);
    expect(beat.json()).toEqual({ error: fileInUse('avatar') });
  });

  it('one image cannot be both picture and cover, but may move between them', async () => {
    const image = await newImage();
    const both = await putProfile({ profile_image_key: image, cover_image_key: image });
    expect(both.statusCode).toBe(409);
    expect(both.json()).toEqual({ error: SAME_FILE_TWICE });

    expect((await putProfile({ profile_image_key: image, cover_image_key: null })).statusCode).toBe(200);
    // Saving the same picture again is no second use.
    expect((await putProfile({ profile_image_key: image, bio: 'again' })).statusCode).toBe(200);
    const stillPicture = await putProfile({ cover_image_key: image });
    expect(stillPicture.statusCode).toBe(409);
    expect(stillPicture.json()).toEqual({ error: SAME_FILE_TWICE });

    const moved = await putProfile({ profile_image_key: null, cover_image_key: image });
    expect(moved.statusCode).toBe(200);
    expect(await storedProfile()).toMatchObject({ profileImageKey: null, coverImageKey: image });
  });
});
