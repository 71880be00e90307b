import { Readable } from 'node:stream';
import { z } from 'zod';
import { decodePcm } from '../audio/pcm-decoder';
import type { AudioFormat } from '../audio/sniff';
import { InvalidAudioError } from '../audio/wav';
import { defineJob, type JobContext, type Jobs } from '../../platform/jobs/job-runner';
import { newKey, StorageNotFoundError, type Storage } from '../../platform/storage/storage';
import { decodeVoiceTag, PREVIEW_BITRATE, renderMp3, RENDITION_BITRATE } from './render-mp3';
import type { PreviewsRepository, RenditionRecord } from './previews.repository';
import type { Mp3Bitrate } from './mp3-encoder';
import type { VoiceTag } from './voice-tag-mixer';

/** The rendition a basic licence delivers when the master is lossless (shared/src/licensing.ts). */
export const MP3_320 = 'mp3_320';

/**
 * One beat's preview (and MP3 320 rendition): at most one waiting and one running per beat.
 * Rendering takes seconds; a crash or a storage hiccup is retried with backoff.
 */
export const renderPreviewJob = defineJob('previews.render', z.object({ beatId: z.uuid() }), {
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 20 * 60,
});

/** Finds every beat still without a preview (existing beats, an interrupted render) and queues it. */
export const backfillPreviewsJob = defineJob('previews.backfill', z.object({}), {
  policy: 'stately',
  retryLimit: 3,
  retryDelaySeconds: 60,
});

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Masters are stored under `audio/<uuid>.<format>`, the format sniffed from their content. */
function formatOf(key: string): AudioFormat | null {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return extension === 'mp3' || extension === 'wav' || extension === 'flac' ? extension : null;
}

/**
 * Previews: the public MP3 (128 kb/s, voice-tagged) every beat streams instead of its master,
 * and the MP3 320 rendition a basic licence delivers when the master is lossless (an MP3
 * master is delivered as it is). Made in the background by the job runner after a beat is
 * created, and at start-up for any beat still without one. A producer's voice tag applies to
 * previews made after it is set: existing previews are not re-rendered when it changes.
 */
export function createPreviewsService(deps: {
  repo: PreviewsRepository;
  storage: Storage;
  jobs: Pick<Jobs, 'send'>;
  log: Log;
}) {
  const { repo, storage, jobs, log } = deps;

  const discard = async (keys: string[]) => {
    for (const key of keys) {
      await storage
        .delete(key)
        .catch((error: unknown) => log.warn({ err: error, key }, 'could not delete a file'));
    }
  };

  /** Renders the master to an MP3 under a new key, streaming from storage to storage. */
  async function renderTo(
    folder: 'previews' | 'renditions',
    master: { key: string; format: AudioFormat },
    bitrate: Mp3Bitrate,
    voiceTag: VoiceTag | null,
  ) {
    const key = newKey(folder, 'mp3');
    const mp3 = renderMp3(decodePcm(master.format, await storage.get(master.key)), { bitrate, voiceTag });
    const { size } = await storage.put(key, Readable.from(mp3), { contentType: 'audio/mpeg' });
    return { key, size };
  }

  /** The producer's tag, or none when it cannot be read: a preview without it beats no preview. */
  async function voiceTagOf(key: string | null): Promise<VoiceTag | null> {
    const format = key ? formatOf(key) : null;
    if (!key || !format) return null;
    try {
      return await decodeVoiceTag(format, await storage.get(key));
    } catch (error) {
      log.warn({ err: error, key }, 'voice tag unreadable: preview made without it');
      return null;
    }
  }

  return {
    /** Queues a beat's preview (a no-op while one is already waiting for it). */
    async enqueue(beatId: string): Promise<void> {
      await jobs.send(renderPreviewJob, { beatId }, { singletonKey: beatId });
    },

    /** Queues every beat still waiting for its preview; answers how many. */
    async backfill(): Promise<number> {
      const ids = await repo.pendingBeatIds(100_000);
      for (const beatId of ids) await jobs.send(renderPreviewJob, { beatId }, { singletonKey: beatId });
      if (ids.length) log.info({ beats: ids.length }, 'previews queued for beats without one');
      return ids.length;
    },

    /**
     * The job: renders and stores the preview (and the rendition of a lossless master), then
     * records both at once. A beat deleted meanwhile leaves nothing behind. Audio that cannot
     * be decoded (or a master missing from storage) marks the beat failed at once, as retrying
     * cannot help; other errors are thrown for the runner to retry, the last attempt marking it
     * failed.
     */
    async render(beatId: string, context: Pick<JobContext, 'lastAttempt'>): Promise<void> {
      const source = await repo.findSource(beatId);
      if (!source || source.previewStatus === 'ready') return;
      const format = formatOf(source.masterKey);
      const made: string[] = [];
      try {
        if (!format) throw new InvalidAudioError(`Unknown master format: ${source.masterKey}`);
        const master = { key: source.masterKey, format };
        const voiceTag = await voiceTagOf(source.voiceTagKey);
        const preview = await renderTo('previews', master, PREVIEW_BITRATE, voiceTag);
        made.push(preview.key);
        const renditions: RenditionRecord[] = [];
        if (format !== 'mp3') {
          const rendition = await renderTo('renditions', master, RENDITION_BITRATE, null);
          made.push(rendition.key);
          renditions.push({
            format: MP3_320,
            storageKey: rendition.key,
            contentType: 'audio/mpeg',
            sizeBytes: rendition.size,
          });
        }
        const replaced = await repo.recordRendered(beatId, preview.key, renditions);
        await discard(replaced ?? made);
      } catch (error) {
        await discard(made);
        // Audio that does not decode, or a master gone from storage, will not get better.
        const permanent = error instanceof InvalidAudioError || error instanceof StorageNotFoundError;
        if (permanent || context.lastAttempt) {
          await repo.markFailed(beatId);
          log.warn({ err: error, beatId }, 'preview rendering failed for good');
        }
        if (!permanent) throw error;
      }
    },

    /** Where a rendition of a beat is stored (downloads), or null until it is made. */
    rendition: (beatId: string, format: typeof MP3_320) => repo.rendition(beatId, format),

    /** Every stored file made from a beat, for whoever deletes the beat to delete as well. */
    filesOf: (beatId: string) => repo.filesOf(beatId),
  };
}

export type PreviewsService = ReturnType<typeof createPreviewsService>;
