import { describe, expect, it } from 'vitest';
import {
  createBeat,
  fullBeatFields,
  uploadAudio,
  uploadImage,
  useCatalogueApp,
} from '../../../../test/catalogue';
import { signIn } from '../../../../test/helpers';
import { wavFile } from '../../../../test/media-fixtures';
import { fileInUse } from '../uploads/upload-uses';
import { AUDIO_NOT_YOURS, COVER_NOT_YOURS } from './beats.service';

const ctx = useCatalogueApp();
const { events, anonymous } = ctx;

describe('POST /api/beats', () => {
  it('401 when signed out', async () => {
    const res = await anonymous('POST', '/api/beats', { title: 'x', genre: 'Trap', audio_file_key: 'x' });
    expect(res.statusCode).toBe(401);
  });

  it('creates a beat owned by the caller, whatever user_id says', async () => {
    const audio = (await uploadAudio(ctx.owner, wavFile(5))).json().key;
    const cover = (await uploadImage(ctx.owner)).json().key;
    const res = await ctx.owner.post('/api/beats', {
      title: '  Night Drive  ',
      ...fullBeatFields,
      audio_file_key: audio,
      cover_image_key: cover,
      user_id: '00000000-0000-0000-0000-000000000000',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const beat = (await anonymous('GET', `/api/beats/${id}`)).json();
    expect(beat).toMatchObject({
      id,
      user_id: ctx.ownerId,
      title: 'Night Drive',
      ...fullBeatFields,
      is_featured: false,
      promotion_type: null,
      cover_image_key: cover,
      duration_seconds: 5,
      play_count: 0,
      download_count: 0,
      producer_name: 'DJ Owner',
    });
    // The upload is the master, for sale: stored with the beat, named in no answer. The beat's
    // audio is its preview, rendered in the background.
    expect((await ctx.t.app.db.prisma.beat.findUniqueOrThrow({ where: { id } })).audioFileKey).toBe(audio);
    expect(JSON.stringify(beat)).not.toContain(audio);
    expect(['pending', 'ready']).toContain(beat.preview_status);
    expect(new Date(beat.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(beat.peaks).toHaveLength(500);
    // beat.created is delivered from the outbox after the answer (followers' notifications).
    await ctx.t.app.domainEvents.drained();
    expect(events).toContainEqual({
      type: 'beat.created',
      beatId: id,
      userId: ctx.ownerId,
      title: 'Night Drive',
    });
  });

  it.each([
    [
      { is_free: true, price_cents: 500 },
      { is_free: true, price_cents: 0 },
    ],
    [
      { price_cents: 0, is_free: false },
      { is_free: true, price_cents: 0 },
    ],
    [{}, { is_free: true, price_cents: 0 }],
    [{ price_cents: 10000 }, { is_free: false, price_cents: 10000 }],
  ])('applies the price rule: %j → %j', async (fields, expected) => {
    const id = await createBeat(ctx.owner, fields);
    expect((await anonymous('GET', `/api/beats/${id}`)).json()).toMatchObject(expected);
  });

  it.each([
    [{ title: '' }, 'title'],
    [{ title: '   ' }, 'title'],
    [{ title: 'x'.repeat(121) }, 'title'],
    [{ title: undefined }, 'title'],
    [{ bpm: 59 }, 'bpm'],
    [{ bpm: 201 }, 'bpm'],
    [{ bpm: 120.5 }, 'bpm'],
    [{ genre: 'Polka' }, 'genre'],
    [{ genre: undefined }, 'genre'],
    [{ key_signature: 'H' }, 'key_signature'],
    [{ mood: 'Sleepy' }, 'mood'],
    [{ price_cents: -1 }, 'price_cents'],
    [{ price_cents: 10001 }, 'price_cents'],
    [{ price_cents: 9.99 }, 'price_cents'],
    [{ audio_file_key: '../../etc/passwd' }, 'audio_file_key'],
    [{ audio_file_key: undefined }, 'audio_file_key'],
    [{ cover_image_key: 'images/nope.png' }, 'cover_image_key'],
    [{ idempotency_key: 'has spaces' }, 'idempotency_key'],
  ])('400 naming the field for %j', async (fields, field) => {
    const audio = (await uploadAudio(ctx.owner)).json().key;
    const res = await ctx.owner.post('/api/beats', {
      title: 'Ok',
      genre: 'Trap',
      audio_file_key: audio,
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(new RegExp(`^${field}`));
  });

  it('accepts empty optional fields as none', async () => {
    const id = await createBeat(ctx.owner, {
      bpm: null,
      key_signature: '',
      mood: '',
      description: '  ',
      cover_image_key: '',
    });
    expect((await anonymous('GET', `/api/beats/${id}`)).json()).toMatchObject({
      bpm: null,
      key_signature: null,
      mood: null,
      description: null,
      cover_image_key: null,
    });
  });

  it('400 for files that are not the caller’s own uploads of the right kind', async () => {
    const theirs = (await uploadAudio(ctx.stranger)).json().key;
    const res = await ctx.owner.post('/api/beats', { title: 'x', genre: 'Trap', audio_file_key: theirs });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: AUDIO_NOT_YOURS });

    const never = 'audio/00000000-0000-4000-8000-000000000000.wav';
    expect(
      (await ctx.owner.post('/api/beats', { title: 'x', genre: 'Trap', audio_file_key: never })).statusCode,
    ).toBe(400);

    const mine = (await uploadAudio(ctx.owner)).json().key;
    const theirCover = (await uploadImage(ctx.stranger)).json().key;
    const cover = await ctx.owner.post('/api/beats', {
      title: 'x',
      genre: 'Trap',
      audio_file_key: mine,
      cover_image_key: theirCover,
    });
    expect(cover.statusCode).toBe(400);
    expect(cover.json()).toEqual({ error: COVER_NOT_YOURS });
  });

  it('409 when the audio already belongs to a beat', async () => {
    const audio = (await uploadAudio(ctx.owner)).json().key;
    const body = { title: 'Once', genre: 'Pop', audio_file_key: audio };
    expect((await ctx.owner.post('/api/beats', body)).statusCode).toBe(200);
    const again = await ctx.owner.post('/api/beats', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: fileInUse('beat_audio') });
  });

  it('is idempotent with idempotency_key in the body or an Idempotency-Key header', async () => {
    const count = () => ctx.t.app.db.prisma.beat.count();
    const audio = (await uploadAudio(ctx.owner)).json().key;
    const body = { title: 'Retry', genre: 'Pop', audio_file_key: audio, idempotency_key: 'retry-1' };
    const first = await ctx.owner.post('/api/beats', body);
    const before = await count();
    const second = await ctx.owner.post('/api/beats', body);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(await count()).toBe(before);

    const audio2 = (await uploadAudio(ctx.owner)).json().key;
    const body2 = { title: 'Header', genre: 'Pop', audio_file_key: audio2 };
    const a = await ctx.owner.post('/api/beats', body2, { 'idempotency-key': 'hdr-1' });
    const b = await ctx.owner.post('/api/beats', body2, { 'idempotency-key': 'hdr-1' });
    expect(b.json().id).toBe(a.json().id);
    const mismatch = await ctx.owner.post(
      '/api/beats',
      { ...body2, idempotency_key: 'x' },
      { 'idempotency-key': 'y' },
    );
    expect(mismatch.statusCode).toBe(400);
  });

  it('falls back to "Producer <id>" when the producer has no name', async () => {
    const { agent, user } = await signIn(ctx.t.app, 'nameless@example.com');
    await ctx.t.app.db.prisma.user.update({ where: { id: user.id }, data: { name: null } });
    await ctx.t.app.db.prisma.profile.update({ where: { userId: user.id }, data: { displayName: '  ' } });
    const id = await createBeat(agent);
    expect((await anonymous('GET', `/api/beats/${id}`)).json().producer_name).toBe(
      `Producer ${user.id.slice(0, 8)}`,
    );
    await ctx.t.app.db.prisma.profile.update({
      where: { userId: user.id },
      data: { displayName: 'Renamed' },
    });
    await ctx.t.app.beats.refreshProducerName(user.id);
    expect((await anonymous('GET', `/api/beats/${id}`)).json().producer_name).toBe('Renamed');
  });
});
