import { Readable } from 'node:stream';
import { encodeWav } from '../../catalogue/audio/wav';
import type { BeatSocialService } from '../../catalogue/beats/beat-social.service';
import type { BeatsService } from '../../catalogue/beats/beats.service';
import type { UploadsService } from '../../catalogue/uploads/uploads.service';
import { renderBeat, SYNTH_RATE } from './beat-synth';
import { renderCover } from './cover-art';
import { DEMO_BEATS, DEMO_PRODUCERS, DEMO_REVIEWS } from './demo-catalogue';
import type { SeedRepository } from './seed.repository';

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * Seeds the demo catalogue into a database without beats: demo producers, then each beat
 * rendered as real audio (drums and bass at its tempo, in its key), encoded as WAV and stored
 * through the same upload path as a producer's file, with a generated cover. Answers how many
 * beats were made, or null when there was nothing to do (beats exist, or another instance is
 * seeding). Stops between beats when `signal` aborts (the server is closing).
 */
export async function seedDemoCatalogue(deps: {
  repo: SeedRepository;
  uploads: UploadsService;
  beats: BeatsService;
  social: BeatSocialService;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /**
   * Which demo beats (indexes into DEMO_BEATS) to seed; all by default. Rendering and encoding
   * each one is seconds of CPU, so a test seeds a few that cover every producer and kind.
   */
  only?: readonly number[];
}): Promise<number | null> {
  const { repo, uploads, beats, social } = deps;
  if (await repo.hasBeats()) return null;
  if (!(await repo.claim(DEMO_PRODUCERS[0]!))) return null;
  const producers = [];
  for (const producer of DEMO_PRODUCERS) producers.push(await repo.upsertProducer(producer));

  const chosen = deps.only ? new Set(deps.only) : null;
  const todo = [...DEMO_BEATS.entries()].filter(([index]) => !chosen || chosen.has(index));
  /** Seeded beat ids by their index in DEMO_BEATS, which the reviews name. */
  const ids = new Map<number, string>();
  for (const [index, beat] of todo) {
    if (deps.signal?.aborted) break;
    const producer = producers[beat.producer]!;
    const samples = await renderBeat({
      bpm: beat.bpm,
      key: beat.key,
      mood: beat.mood,
      genre: beat.genre,
      seed: index + 1,
    });
    const audio = await uploads.storeAudio(
      producer.id,
      Readable.from([encodeWav([samples], SYNTH_RATE)]),
      `${slug(beat.title)}.wav`,
    );
    const coverJpeg = await renderCover({
      title: beat.title,
      producer: DEMO_PRODUCERS[beat.producer]!.name,
      genre: beat.genre,
      hue: (index * 47) % 360,
    });
    const cover = await uploads.storeImage(
      producer.id,
      Readable.from([coverJpeg]),
      `${slug(beat.title)}.jpg`,
    );
    const { id } = await beats.create(
      producer,
      {
        title: beat.title,
        description: beat.description,
        bpm: beat.bpm,
        key_signature: beat.key,
        genre: beat.genre,
        mood: beat.mood,
        price_cents: beat.price_cents,
        is_free: beat.price_cents === 0,
        audio_file_key: audio.key,
        cover_image_key: cover.key,
        idempotency_key: `demo-${index}`,
      },
      undefined,
    );
    await repo.setStats(id, {
      plays: beat.plays,
      downloads: beat.downloads,
      promotionType: beat.featured ?? null,
      createdAt: new Date(Date.now() - beat.daysAgo * 86_400_000 - index * 3_600_000),
    });
    ids.set(index, id);
    deps.onProgress?.(ids.size, todo.length);
  }

  for (const review of DEMO_REVIEWS) {
    const beatId = ids.get(review.beat);
    if (beatId)
      await social.rate(producers[review.by]!, beatId, { rating: review.rating, review: review.review });
  }
  return ids.size;
}
