import { beforeAll, describe, expect, it } from 'vitest';
import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import { createBeat, image, storedFiles, uploadImage, useCatalogueApp } from '../../../../test/catalogue';
import { NOT_YOUR_BEAT } from './beats.service';

const ctx = useCatalogueApp();
const { events, anonymous } = ctx;

describe('GET /api/beats/{id} and /waveform', () => {
  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"])(
    '404 "Beat not found" for %s',
    async (id) => {
      for (const path of [
        `/api/beats/${encodeURIComponent(id)}`,
        `/api/beats/${encodeURIComponent(id)}/waveform`,
      ]) {
        const res = await anonymous('GET', path);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: BEAT_NOT_FOUND });
      }
    },
  );

  it('answers the waveform alone', async () => {
    const id = await createBeat(ctx.owner);
    const res = await anonymous('GET', `/api/beats/${id}/waveform`);
    expect(res.statusCode).toBe(200);
    expect(res.json().duration_seconds).toBe(2);
    expect(res.json().peaks).toHaveLength(200);
  });
});

describe('PUT /api/beats/{id}/edit', () => {
  let id: string;
  beforeAll(async () => {
    id = await createBeat(ctx.owner, { title: 'Before', bpm: 90, price_cents: 1500, mood: 'Chill' });
  });

  it('401 signed out, 404 unknown, 403 for someone else, 400 for bad input', async () => {
    expect((await anonymous('PUT', `/api/beats/${id}/edit`, { title: 'x' })).statusCode).toBe(401);
    const missing = await ctx.owner.request({
      method: 'PUT',
      url: '/api/beats/00000000-0000-4000-8000-000000000000/edit',
      payload: { title: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const theirs = await ctx.stranger.request({
      method: 'PUT',
      url: `/api/beats/${id}/edit`,
      payload: { title: 'Mine now' },
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ error: NOT_YOUR_BEAT });
    const bad = await ctx.owner.request({
      method: 'PUT',
      url: `/api/beats/${id}/edit`,
      payload: { title: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await anonymous('GET', `/api/beats/${id}`)).json().title).toBe('Before');
  });

  it('lets the owner change some fields and keeps the others', async () => {
    const res = await ctx.owner.request({
      method: 'PUT',
      url: `/api/beats/${id}/edit`,
      payload: { title: 'After', genre: 'Jazz', mood: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'After',
      genre: 'Jazz',
      mood: null,
      bpm: 90,
      price_cents: 1500,
      is_free: false,
    });
    const free = await ctx.owner.request({
      method: 'PUT',
      url: `/api/beats/${id}/edit`,
      payload: { is_free: true },
    });
    expect(free.json()).toMatchObject({ is_free: true, price_cents: 0 });
    const priced = await ctx.owner.request({
      method: 'PUT',
      url: `/api/beats/${id}/edit`,
      payload: { price_cents: 999 },
    });
    expect(priced.json()).toMatchObject({ is_free: false, price_cents: 999 });
  });

  it('replaces the cover and removes the old cover file', async () => {
    const first = (await uploadImage(ctx.owner)).json().key;
    await ctx.owner.request({
      method: 'PUT',
      url: `/api/beats/${id}/edit`,
      payload: { cover_image_key: first },
    });
    const second = (await uploadImage(ctx.owner, await image(400, 400))).json().key;
    const res = await ctx.owner.request({
      method: 'PUT',
      url: `/api/beats/${id}/edit`,
      payload: { cover_image_key: second },
    });
    expect(res.json().cover_image_key).toBe(second);
    expect(await ctx.t.app.storage.exists(first)).toBe(false);
    expect(await ctx.t.app.db.prisma.upload.findUnique({ where: { key: first } })).toBeNull();
    const theirs = (await uploadImage(ctx.stranger)).json().key;
    const refused = await ctx.owner.request({
      method: 'PUT',
      url: `/api/beats/${id}/edit`,
      payload: { cover_image_key: theirs },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('DELETE /api/beats/{id}', () => {
  it('401 signed out, 404 unknown, 403 for someone else', async () => {
    const id = await createBeat(ctx.owner);
    expect((await anonymous('DELETE', `/api/beats/${id}`)).statusCode).toBe(401);
    expect((await ctx.owner.request({ method: 'DELETE', url: '/api/beats/nope' })).statusCode).toBe(404);
    const res = await ctx.stranger.request({ method: 'DELETE', url: `/api/beats/${id}` });
    expect(res.statusCode).toBe(403);
    expect((await anonymous('GET', `/api/beats/${id}`)).statusCode).toBe(200);
  });

  it('removes the beat, its plays, favourites, reviews and both files', async () => {
    const cover = (await uploadImage(ctx.owner)).json().key;
    const id = await createBeat(ctx.owner, { cover_image_key: cover });
    // The master's key: no answer names it (the beat's audio is its preview).
    const { prisma } = ctx.t.app.db;
    const { audioFileKey: audio } = await prisma.beat.findUniqueOrThrow({ where: { id } });
    await ctx.stranger.post(`/api/beats/${id}/play`);
    await ctx.stranger.post(`/api/beats/${id}/favorite`);
    await ctx.stranger.post(`/api/beats/${id}/rate`, { rating: 4, review: 'Nice' });
    const res = await ctx.owner.request({ method: 'DELETE', url: `/api/beats/${id}` });
    expect(res.statusCode).toBe(204);
    expect((await anonymous('GET', `/api/beats/${id}`)).statusCode).toBe(404);
    expect(await prisma.beatPlay.count({ where: { beatId: id } })).toBe(0);
    expect(await prisma.beatFavorite.count({ where: { beatId: id } })).toBe(0);
    expect(await prisma.beatReview.count({ where: { beatId: id } })).toBe(0);
    expect(await prisma.upload.count({ where: { key: { in: [audio, cover] } } })).toBe(0);
    expect(storedFiles(ctx.t.config.dataDir)).not.toContain(audio);
    expect(storedFiles(ctx.t.config.dataDir)).not.toContain(cover);
    expect(events).toContainEqual({ type: 'beat.deleted', beatId: id, userId: ctx.ownerId });
  });
});
