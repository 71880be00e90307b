import { NUL_CHARACTER_ERROR } from '@beatroom/shared/text-fields';
import { describe, expect, it } from 'vitest';
import { createBeat, useCatalogueApp } from './catalogue';

// PostgreSQL's text cannot hold U+0000, so a NUL in any text reached the
// database and failed there as a 500. The shared contracts now refuse it as bad input.
const ctx = useCatalogueApp();

describe('a NUL character in text', () => {
  it('is what the database refuses (why the contracts must catch it first)', async () => {
    await expect(ctx.t.app.db.prisma.$queryRaw`SELECT ${'a\u0000b'}::text AS t`).rejects.toThrow();
  });

  it('in the catalogue search answers 400 with a readable error', async () => {
    const res = await ctx.anonymous('GET', `/api/beats?search=${encodeURIComponent('trap\u0000')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: `search: ${NUL_CHARACTER_ERROR}` });
  });

  it('in a beat, a review or a profile answers 400 and changes nothing', async () => {
    const id = await createBeat(ctx.owner, { title: 'Clean', description: 'Plain' });
    const tries = [
      () => ctx.owner.post('/api/beats', { title: 'Bad\u0000', genre: 'Trap', audio_file_key: 'x' }),
      () =>
        ctx.owner.request({ method: 'PUT', url: `/api/beats/${id}/edit`, payload: { title: 'A\u0000B' } }),
      () =>
        ctx.owner.request({
          method: 'PUT',
          url: `/api/beats/${id}/edit`,
          payload: { description: '\u0000' },
        }),
      () => ctx.stranger.post(`/api/beats/${id}/rate`, { rating: 5, review: 'Great\u0000' }),
      () => ctx.owner.request({ method: 'PUT', url: '/api/profile', payload: { bio: 'Hi\u0000there' } }),
      () => ctx.owner.request({ method: 'PUT', url: '/api/profile', payload: { display_name: '\u0000DJ' } }),
    ];
    for (const attempt of tries) {
      const res = await attempt();
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain(NUL_CHARACTER_ERROR);
    }
    const beat = (await ctx.anonymous('GET', `/api/beats/${id}`)).json();
    expect(beat).toMatchObject({ title: 'Clean', description: 'Plain' });
    expect((await ctx.anonymous('GET', `/api/beats/${id}/reviews`)).json().totalRatings).toBe(0);
    const profile = (await ctx.anonymous('GET', `/api/users/${ctx.ownerId}/profile`)).json().profile;
    expect(profile).toMatchObject({ display_name: 'DJ Owner', bio: null });
  });
});
