import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BeatCard } from '@beatroom/shared/beat-list-contract';
import { uploadAudio } from '../../../../test/catalogue';
import { createTestApp, signIn, type Agent } from '../../../../test/helpers';
import { wavFile } from '../../../../test/media-fixtures';

let t: Awaited<ReturnType<typeof createTestApp>>;
const ids: Record<string, string> = {};

/** Six beats that differ in every filtered and sorted field. */
const CATALOGUE = [
  {
    ref: 'b1',
    by: 'a',
    title: 'Midnight Trap Lord',
    genre: 'Trap',
    mood: 'Dark',
    key_signature: 'C#',
    bpm: 140,
    price_cents: 2999,
    seconds: 3,
    featured: true,
    plays: 50,
    downloads: 5,
    daysAgo: 1,
    description: 'Heavy 808 melodies',
  },
  {
    ref: 'b2',
    by: 'b',
    title: 'Sunny Afternoon',
    genre: 'Pop',
    mood: 'Happy',
    key_signature: 'G',
    bpm: 100,
    price_cents: 0,
    seconds: 1,
    featured: false,
    plays: 10,
    downloads: 30,
    daysAgo: 2,
  },
  {
    ref: 'b3',
    by: 'a',
    title: 'Drill Sergeant',
    genre: 'Drill',
    mood: 'Aggressive',
    key_signature: 'F',
    bpm: 145,
    price_cents: 4999,
    seconds: 5,
    featured: false,
    plays: 200,
    downloads: 1,
    daysAgo: 3,
  },
  {
    ref: 'b4',
    by: 'b',
    title: 'Late Night Jazz Cafe',
    genre: 'Jazz',
    mood: 'Chill',
    key_signature: 'A#',
    bpm: 80,
    price_cents: 1500,
    seconds: 2,
    featured: true,
    plays: 5,
    downloads: 0,
    daysAgo: 4,
    description: 'Smooth saxophone for running late',
  },
  {
    ref: 'b5',
    by: 'a',
    title: 'Electric Dreams',
    genre: 'Electronic',
    mood: 'Uplifting',
    key_signature: 'D',
    bpm: 128,
    price_cents: 999,
    seconds: 4,
    featured: false,
    plays: 75,
    downloads: 12,
    daysAgo: 5,
  },
  {
    ref: 'b6',
    by: 'b',
    title: 'Rock Anthem',
    genre: 'Rock',
    mood: 'Energetic',
    key_signature: 'E',
    bpm: 170,
    price_cents: 0,
    seconds: 3,
    featured: false,
    plays: 0,
    downloads: 100,
    daysAgo: 6,
  },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  const producers: Record<string, Agent> = {};
  for (const [ref, email, name] of [
    ['a', 'nebula@example.com', 'DJ Nebula'],
    ['b', 'kai@example.com', 'Kai Sound'],
  ] as const) {
    const { agent, user } = await signIn(t.app, email);
    await t.app.db.prisma.profile.update({ where: { userId: user.id }, data: { displayName: name } });
    producers[ref] = agent;
  }
  for (const b of CATALOGUE) {
    const agent = producers[b.by]!;
    const audio = (await uploadAudio(agent, wavFile(b.seconds, 4000))).json().key;
    const res = await agent.post('/api/beats', {
      title: b.title,
      genre: b.genre,
      mood: b.mood,
      key_signature: b.key_signature,
      bpm: b.bpm,
      price_cents: b.price_cents,
      description: 'description' in b ? b.description : null,
      audio_file_key: audio,
    });
    ids[b.ref] = res.json().id;
    await t.app.db.prisma.beat.update({
      where: { id: ids[b.ref] },
      data: {
        isFeatured: b.featured,
        playCount: b.plays,
        downloadCount: b.downloads,
        createdAt: new Date(Date.now() - b.daysAgo * 86_400_000),
      },
    });
  }
});
afterAll(async () => t?.close());

async function list(query: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/beats?${new URLSearchParams(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BeatCard[];
}
const refs = (beats: BeatCard[]) => beats.map((b) => Object.keys(ids).find((ref) => ids[ref] === b.id));
const sameSet = (beats: BeatCard[]) => refs(beats).sort();

describe('GET /api/beats', () => {
  it('answers an array of cards with exactly the card fields, in order, newest first', async () => {
    const beats = await list();
    expect(refs(beats)).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
    expect(Object.keys(beats[0]!)).toEqual(Object.keys(BeatCard.shape));
    // The database writes the JSON: every value of every card must still be what the contract says.
    for (const beat of beats) expect(BeatCard.strict().parse(beat)).toEqual(beat);
    // What the card contract leaves to the beat page is not sent.
    expect(beats[0]).not.toHaveProperty('description');
    expect(beats[0]).toMatchObject({ producer_name: 'DJ Nebula', duration_seconds: 3, is_featured: true });
  });

  it.each([
    ['oldest', ['b6', 'b5', 'b4', 'b3', 'b2', 'b1']],
    ['popular', ['b3', 'b5', 'b1', 'b2', 'b4', 'b6']],
    ['downloads', ['b6', 'b2', 'b5', 'b1', 'b3', 'b4']],
  ])('sort=%s', async (sort, expected) => {
    expect(refs(await list({ sort }))).toEqual(expected);
  });

  it('sort=price_low and price_high order by price (free first or last)', async () => {
    const low = refs(await list({ sort: 'price_low' }));
    expect(low.slice(2)).toEqual(['b5', 'b4', 'b1', 'b3']);
    expect(low.slice(0, 2).sort()).toEqual(['b2', 'b6']);
    const high = refs(await list({ sort: 'price_high' }));
    expect(high.slice(0, 4)).toEqual(['b3', 'b1', 'b4', 'b5']);
  });

  it.each([
    [{ genre: 'Trap' }, ['b1']],
    [{ mood: 'Chill' }, ['b4']],
    [{ key: 'C#' }, ['b1']],
    [{ bpm_min: '130', bpm_max: '150' }, ['b1', 'b3']],
    [{ bpm_min: '150' }, ['b6']],
    [{ price_min: '1000', price_max: '3000' }, ['b1', 'b4']],
    [{ price_max: '0' }, ['b2', 'b6']],
    [{ duration_min: '3', duration_max: '4' }, ['b1', 'b5', 'b6']],
    [{ duration_max: '1' }, ['b2']],
    [{ featured: 'true' }, ['b1', 'b4']],
    [{ free: 'true' }, ['b2', 'b6']],
    [{ free: 'false' }, ['b1', 'b2', 'b3', 'b4', 'b5', 'b6']],
    [{ genre: 'Jazz', featured: 'true', bpm_max: '90' }, ['b4']],
    [{ genre: 'Jazz', free: 'true' }, []],
    [{ genre: '', bpm_min: '' }, ['b1', 'b2', 'b3', 'b4', 'b5', 'b6']],
  ])('filters %j', async (query, expected) => {
    expect(sameSet(await list(query))).toEqual(expected);
  });

  it('pages with limit and offset', async () => {
    expect(refs(await list({ limit: '2' }))).toEqual(['b1', 'b2']);
    expect(refs(await list({ limit: '2', offset: '2' }))).toEqual(['b3', 'b4']);
    expect(await list({ offset: '6' })).toEqual([]);
  });

  it.each([
    [{ search: 'nebula' }, ['b1', 'b3', 'b5']],
    [{ search: 'nebu' }, ['b1', 'b3', 'b5']],
    [{ search: 'DJ' }, ['b1', 'b3', 'b5']],
    [{ search: 'Kai Sound' }, ['b2', 'b4', 'b6']],
    [{ search: 'midni' }, ['b1']],
    [{ search: 'sergeant' }, ['b3']],
    [{ search: 'ergea' }, ['b3']],
    [{ search: 'saxophone' }, ['b4']],
    [{ search: 'run' }, ['b4']],
    [{ search: 'melody' }, ['b1']],
    [{ search: 'uplifting' }, ['b5']],
    [{ search: 'electronic dreams' }, ['b5']],
    [{ search: 'nebula', genre: 'Drill' }, ['b3']],
    [{ search: 'zzzqqq' }, []],
    [{ search: '%_\\' }, []],
    [{ search: "'; DROP TABLE beats; --" }, []],
  ])('search %j', async (query, expected) => {
    expect(sameSet(await list(query))).toEqual(expected);
  });

  it('ranks whole-word matches above partial ones', async () => {
    // "night" is a word of b4's title and only part of b1's "Midnight".
    expect(refs(await list({ search: 'night' }))).toEqual(['b4', 'b1']);
  });

  it.each([
    [{ bpm_min: 'abc' }, 'bpm_min'],
    [{ bpm_min: '10' }, 'bpm_min'],
    [{ bpm_max: '300' }, 'bpm_max'],
    [{ bpm_min: '150', bpm_max: '100' }, 'bpm_max'],
    [{ price_min: '-1' }, 'price_min'],
    [{ price_max: '1.5' }, 'price_max'],
    [{ duration_max: '601' }, 'duration_max'],
    [{ genre: 'Polka' }, 'genre'],
    [{ key: 'H' }, 'key'],
    [{ mood: 'Sleepy' }, 'mood'],
    [{ sort: 'random' }, 'sort'],
    [{ featured: 'yes' }, 'featured'],
    [{ free: 'maybe' }, 'free'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '0' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ search: 'x'.repeat(101) }, 'search'],
  ])('400 naming the parameter for %j', async (query, name) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/beats?${new URLSearchParams(query)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(new RegExp(`^${name}: `));
  });
});

describe('the card of a list, written by the database', () => {
  /** Each listed card beside the same beat's page (a full Beat, mapped from Prisma's row). */
  async function cardsAndPages(query: Record<string, string>) {
    const cards = await list(query);
    return Promise.all(
      cards.map(async (card) => {
        const page = await t.app.inject({ method: 'GET', url: `/api/beats/${card.id}` });
        return { card, page: BeatCard.parse(page.json()) };
      }),
    );
  }

  it('follows every edit of its beat: the same values as the beat page', async () => {
    // Stored fields (beats.card_head), with what JSON must escape, and the live ones.
    await t.app.db.prisma.beat.update({
      where: { id: ids.b2 },
      data: {
        title: 'Sunny "Afternoon" \\ Café\ttab',
        producerName: 'Kai </script> Sound',
        bpm: null,
        mood: null,
        keySignature: null,
        coverImageKey: 'images/edited.jpg',
        previewKey: 'previews/edited.mp3',
        previewStatus: 'ready',
        priceCents: 1234,
        isFree: false,
        isFeatured: false,
        featuredUntil: new Date(Date.now() + 86_400_000),
        playCount: { increment: 7 },
        downloadCount: { increment: 3 },
      },
    });
    await t.app.db.prisma.beat.update({
      where: { id: ids.b3 },
      data: { previewStatus: 'failed', featuredUntil: new Date(Date.now() - 1000) },
    });
    // A new query string each time: the list cache holds identical pages for a moment.
    const queries: Record<string, string>[] = [
      { limit: '50' },
      { sort: 'popular', limit: '49' },
      { search: 'afternoon' },
    ];
    for (const query of queries) {
      const pairs = await cardsAndPages(query);
      expect(pairs.length).toBeGreaterThan(0);
      for (const { card, page } of pairs) expect(card).toEqual(page);
    }
    const [edited] = await list({ search: 'afternoon', limit: '47' });
    expect(edited).toMatchObject({
      title: 'Sunny "Afternoon" \\ Café\ttab',
      producer_name: 'Kai </script> Sound',
      bpm: null,
      mood: null,
      audio_file_key: 'previews/edited.mp3',
      is_featured: true,
      play_count: 17,
      download_count: 33,
    });
    const failed = (await list({ limit: '46' })).find((card) => card.id === ids.b3);
    expect(failed).toMatchObject({ audio_file_key: null, preview_status: 'failed', is_featured: false });
  });
});
