import {
  GENRES,
  KEYS,
  MOODS,
  type Genre,
  type Mood,
  type MusicalKey,
} from '@beatroom/shared/catalogue-constants';
import { PROMOTION_TYPES, type PromotionType } from '@beatroom/shared/money-constants';

export interface DemoProducer {
  sub: string;
  name: string;
  email: string;
  bio: string;
  location: string;
  verified: boolean;
}

export interface DemoBeat {
  title: string;
  producer: number;
  genre: Genre;
  mood: Mood;
  key: MusicalKey;
  bpm: number;
  price_cents: number;
  description: string;
  featured?: PromotionType;
  plays: number;
  downloads: number;
  daysAgo: number;
}

/** Demo accounts live under their own issuer, so nobody can sign in as them. */
export const DEMO_ISSUER = 'urn:beatroom:demo';

export const DEMO_PRODUCERS: DemoProducer[] = [
  {
    sub: 'nova-beats',
    name: 'Nova Beats',
    email: 'nova@demo.beatroom.local',
    bio: 'Trap and drill from a basement in Atlanta.',
    location: 'Atlanta, GA',
    verified: true,
  },
  {
    sub: 'kairo-keys',
    name: 'Kairo Keys',
    email: 'kairo@demo.beatroom.local',
    bio: 'Warm keys, R&B and late-night jazz.',
    location: 'London, UK',
    verified: true,
  },
  {
    sub: 'lena-loops',
    name: 'Lena Loops',
    email: 'lena@demo.beatroom.local',
    bio: 'Pop, house and everything with a four-on-the-floor.',
    location: 'Berlin, DE',
    verified: false,
  },
  {
    sub: 'sol-rhythm',
    name: 'Sol Rhythm',
    email: 'sol@demo.beatroom.local',
    bio: 'Afrobeat grooves and live-band energy.',
    location: 'Lagos, NG',
    verified: false,
  },
];

/**
 * About two dozen beats: every genre, mood and key at least once, some free, some featured.
 * One row per beat (p = index into DEMO_PRODUCERS, price in USD cents, days = age); a table
 * reads better than two dozen object literals, and parseBeats checks every cell.
 */
const BEATS_TABLE = `
title                | p | genre      | mood        | key | bpm | price | featured       | plays | downloads | days | description
Midnight Trap Lord   | 0 | Trap       | Dark        | C#  | 140 | 2999  | featured_week  | 4820  | 312       | 1    | Heavy 808s and icy hats for late-night verses.
Concrete Sermon      | 0 | Drill      | Aggressive  | F   | 142 | 3499  | -              | 2210  | 140       | 3    | Sliding bass and a cold drill bounce.
Golden Hour Boom Bap | 0 | Hip-Hop    | Chill       | A   | 90  | 0     | -              | 1530  | 620       | 5    | Dusty drums and a warm pad for storytellers.
Smoke Signals        | 0 | Trap       | Mysterious  | G#  | 150 | 1999  | -              | 980   | 64        | 8    | Sparse and eerie, made for melodic flows.
No Sleep City        | 0 | Drill      | Dark        | D#  | 144 | 4999  | homepage_boost | 3560  | 205       | 11   | Relentless drill with a haunting progression.
Block Party Anthem   | 0 | Hip-Hop    | Energetic   | E   | 96  | 1499  | -              | 1210  | 98        | 15   | Big bounce for the summer cookout.
Velvet Confessions   | 1 | R&B        | Romantic    | D   | 72  | 2499  | featured_month | 2890  | 233       | 2    | Slow-burning R&B with silky chords.
Rainy Window Jazz    | 1 | Jazz       | Melancholic | B   | 84  | 0     | -              | 760   | 410       | 6    | Brushed drums and a lonely bass line.
After Hours          | 1 | R&B        | Emotional   | F#  | 68  | 1999  | -              | 1640  | 120       | 9    | For the song you write at 3 a.m.
Blue Note Stroll     | 1 | Jazz       | Happy       | C   | 110 | 999   | -              | 430   | 37        | 13   | A light swing to walk through the city.
Silk Road            | 1 | Other      | Mysterious  | A#  | 100 | 1299  | -              | 310   | 22        | 18   | A genre-bending loop with a hypnotic pad.
Heartline            | 1 | R&B        | Uplifting   | G   | 78  | 0     | -              | 1120  | 530       | 21   | Hopeful chords and a gentle groove.
Neon Skyline         | 2 | Electronic | Energetic   | A   | 124 | 1999  | featured_week  | 3980  | 290       | 1    | Four-on-the-floor drive with a bright bass.
Sugar Rush           | 2 | Pop        | Happy       | E   | 118 | 2499  | -              | 2650  | 175       | 4    | Radio-ready pop bounce.
Glass Hearts         | 2 | Pop        | Emotional   | C#  | 104 | 0     | -              | 1410  | 700       | 7    | A ballad beat with room for a big chorus.
Afterglow Drive      | 2 | Electronic | Uplifting   | F   | 128 | 1499  | -              | 890   | 71        | 12   | Sunrise festival energy.
Static Dreams        | 2 | Electronic | Chill       | G#  | 120 | 999   | -              | 540   | 45        | 16   | Downtempo house for focus and night drives.
Paper Planes Pop     | 2 | Pop        | Romantic    | B   | 112 | 1799  | -              | 720   | 58        | 24   | Sweet and light with a sing-along lift.
Lagos Sunset         | 3 | Afrobeat   | Happy       | D   | 105 | 2499  | homepage_boost | 3120  | 260       | 2    | Rolling percussion and a golden groove.
Palm Wine Bounce     | 3 | Afrobeat   | Energetic   | F#  | 108 | 0     | -              | 2240  | 880       | 5    | Dance-floor afrobeat for summer.
Thunder Road         | 3 | Rock       | Aggressive  | E   | 132 | 1999  | -              | 690   | 48        | 10   | Driving drums and a gritty low end.
Harbor Lights        | 3 | Rock       | Melancholic | G   | 86  | 1299  | -              | 350   | 26        | 14   | A slow rock ballad groove.
Midnight Market      | 3 | Afrobeat   | Dark        | C   | 102 | 2999  | -              | 1280  | 95        | 19   | A moody afro-fusion loop.
Weightless           | 3 | Other      | Chill       | D#  | 60  | 0     | -              | 460   | 390       | 27   | Ambient beat for meditation and sleep.
`;

function parseBeats(table: string): DemoBeat[] {
  return table
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [title, producer, genre, mood, key, bpm, price, featured, plays, downloads, days, description] =
        line.split('|').map((cell) => cell.trim());
      const beat: DemoBeat = {
        title: title!,
        producer: Number(producer),
        genre: genre as Genre,
        mood: mood as Mood,
        key: key as MusicalKey,
        bpm: Number(bpm),
        price_cents: Number(price),
        featured: featured === '-' ? undefined : (featured as PromotionType),
        plays: Number(plays),
        downloads: Number(downloads),
        daysAgo: Number(days),
        description: description!,
      };
      const valid =
        GENRES.includes(beat.genre) &&
        MOODS.includes(beat.mood) &&
        KEYS.includes(beat.key) &&
        (!beat.featured || PROMOTION_TYPES.includes(beat.featured)) &&
        DEMO_PRODUCERS[beat.producer] !== undefined &&
        [beat.bpm, beat.price_cents, beat.plays, beat.downloads, beat.daysAgo].every(Number.isInteger);
      if (!valid) throw new Error(`Invalid demo beat row: ${line}`);
      return beat;
    });
}

export const DEMO_BEATS: DemoBeat[] = parseBeats(BEATS_TABLE);

/** A few ratings between the demo producers, so Reviews & Ratings is not empty. */
export const DEMO_REVIEWS: { beat: number; by: number; rating: number; review: string | null }[] = [
  { beat: 0, by: 1, rating: 5, review: 'Those 808s hit hard. Instant classic.' },
  { beat: 0, by: 2, rating: 4, review: 'Great bounce, would love a version with fewer hats.' },
  { beat: 6, by: 0, rating: 5, review: 'Smooth as velvet, exactly what the title says.' },
  { beat: 12, by: 3, rating: 4, review: null },
  { beat: 18, by: 2, rating: 5, review: 'The groove never lets go.' },
  { beat: 18, by: 1, rating: 4, review: 'Lovely percussion.' },
];
