import type { FastifyInstance } from 'fastify';
import { GENRES, KEYS, MOODS } from '@beatroom/shared/catalogue-constants';

/**
 * A fixed catalogue for the browse and search tests that pin behaviour: the same
 * 240 beats by 8 producers on every run, with repeated prices, play counts and dates so sorts
 * need their tie-breakers, titles and descriptions built from the bench's word lists so the
 * search terms of the bench mean the same here. Ids are predictable (`beatId(n)`), so an
 * expected order can be written as beat numbers.
 */
const ADJECTIVES = ['Midnight', 'Golden', 'Neon', 'Silent', 'Velvet', 'Savage', 'Lucid', 'Crimson'];
const NOUNS = ['Dreams', 'Trap', 'Drive', 'Ghost', 'Empire', 'Riot', 'Lights', 'Sergeant'];
const PRODUCERS = [
  'Nova Beats',
  'Kairo Keys',
  'DJ Nebula',
  'Mira Loops',
  'Dex On The Track',
  'Nova Sound',
  'Trap Lord',
  'Luca Made It',
];
const TEXTURES = ['hard drums', 'warm keys', 'sliding 808s', 'dusty samples', 'lush pads', 'live guitar'];

export const FIXED_BEATS = 240;
const BASE_TIME = Date.parse('2026-06-01T12:00:00.000Z');

/** Beat n (1-based) has this id: the tie-breaker order of ids is the order of n. */
export function beatId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}
export function beatNumber(id: string): number {
  return parseInt(id.slice(-12), 16);
}

/** A small deterministic generator (mulberry32): the catalogue never depends on Math.random. */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FixedBeat {
  n: number;
  id: string;
  producer: number;
  title: string;
  description: string | null;
  genre: string;
  mood: string | null;
  key: string | null;
  bpm: number | null;
  priceCents: number;
  isFree: boolean;
  isFeatured: boolean;
  durationSeconds: number | null;
  playCount: number;
  downloadCount: number;
  createdAt: Date;
}

export function fixedCatalogue(): FixedBeat[] {
  const r = random(11);
  const pick = <T>(values: readonly T[]) => values[Math.floor(r() * values.length)]!;
  const beats: FixedBeat[] = [];
  for (let n = 1; n <= FIXED_BEATS; n++) {
    const free = r() < 0.2;
    const mood = r() < 0.85 ? pick(MOODS) : null;
    beats.push({
      n,
      id: beatId(n),
      producer: Math.floor(r() * PRODUCERS.length),
      title: `${pick(ADJECTIVES)} ${pick(NOUNS)}${r() < 0.3 ? ` ${n % 7}` : ''}`,
      description: r() < 0.6 ? `A ${(mood ?? pick(MOODS)).toLowerCase()} beat with ${pick(TEXTURES)}` : null,
      genre: pick(GENRES),
      mood,
      key: r() < 0.9 ? pick(KEYS) : null,
      bpm: r() < 0.95 ? 60 + Math.floor(r() * 141) : null,
      priceCents: free ? 0 : 499 + Math.floor(r() * 8) * 500,
      isFree: free,
      isFeatured: r() < 0.1,
      durationSeconds: r() < 0.95 ? 60 + Math.floor(r() * 12) * 20 : null,
      playCount: Math.floor(r() * 6) * 10,
      downloadCount: Math.floor(r() * 4),
      // Every third beat shares its upload time with the one before: ties for newest/oldest.
      createdAt: new Date(BASE_TIME - (n - (n % 3 === 0 ? 1 : 0)) * 3_600_000),
    });
  }
  return beats;
}

/** Writes the producers and the fixed catalogue through Prisma (the search index follows by trigger). */
export async function loadFixedCatalogue(app: FastifyInstance): Promise<FixedBeat[]> {
  const beats = fixedCatalogue();
  const prisma = app.db.prisma;
  const users: string[] = [];
  for (const [i, name] of PRODUCERS.entries()) {
    const user = await prisma.user.create({
      data: { issuer: 'urn:beatroom:fixed', sub: `p${i}`, email: `p${i}@fixed.test`, name },
    });
    await prisma.profile.create({ data: { userId: user.id, displayName: name } });
    users.push(user.id);
  }
  await prisma.beat.createMany({
    data: beats.map((b) => ({
      id: b.id,
      userId: users[b.producer]!,
      title: b.title,
      description: b.description,
      bpm: b.bpm,
      keySignature: b.key,
      genre: b.genre,
      mood: b.mood,
      priceCents: b.priceCents,
      isFree: b.isFree,
      isFeatured: b.isFeatured,
      audioFileKey: `audio/fixed-${b.n}.mp3`,
      durationSeconds: b.durationSeconds,
      playCount: b.playCount,
      downloadCount: b.downloadCount,
      producerName: PRODUCERS[b.producer]!,
      previewKey: `previews/fixed-${b.n}.mp3`,
      previewStatus: 'ready',
      createdAt: b.createdAt,
    })),
  });
  return beats;
}
