import {
  BEAT_NOT_FOUND,
  listPriceCurrencyMissing,
  resolveListPricing,
  type Beat,
  type BeatDetail,
  type BeatWaveform,
  type CreateBeatInput,
  type EditBeatInput,
} from '@beatroom/shared/beats-contract';
import { displayName } from '@beatroom/shared/format-names';
import type { Currency } from '@beatroom/shared/money-constants';
import { offerColumns, storedOffers } from '../../../db/beat-columns';
import type { Tx } from '../../../db/transaction';
import type { DomainEvents } from '../../../events/domain-events';
import { badRequest, conflict, forbidden, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { Storage } from '../../platform/storage/storage';
import type { UploadsService } from '../uploads/uploads.service';
import type { UserRecord } from '../../platform/users/user-record';
import type { BeatsSearchRepository } from './beats-search.repository';
import { UniqueViolationError, type BeatFieldsInput, type BeatsRepository } from './beats.repository';
import { createBeatBrowsePages } from './beat-browse-pages';

export const NOT_YOUR_BEAT = 'Only the producer of this beat can change it';
export const AUDIO_NOT_YOURS = 'audio_file_key: upload the audio file first (it must be your own upload)';
export const COVER_NOT_YOURS = 'cover_image_key: upload the cover image first (it must be your own upload)';
/** Two creates raced for one file and the beats' unique index stopped the second. */
export const FILE_IN_USE = 'This file already belongs to another beat: upload it again';
/** Buyers keep what they bought: a beat with sales is never deleted. */
export const BEAT_SOLD = 'This beat has been sold and cannot be deleted';
/** Over the tier's max_beats: 403 with what to do about it. */
export const beatLimitMessage = (max: number) =>
  `Your plan allows ${max} ${max === 1 ? 'beat' : 'beats'}: upgrade your plan to upload more`;

interface Log {
  warn(obj: object, msg: string): void;
}

/** A beat id from the URL: anything but a UUID cannot be a beat. */
export function assertBeatId(id: string): void {
  if (!isUuid(id)) throw notFound(BEAT_NOT_FOUND);
}

/** producer_name: profile display name, else account name, else "Producer <8 chars of id>". */
export function producerNameOf(userId: string, names: { displayName: string | null; name: string | null }) {
  return displayName(names.displayName?.trim() || names.name, userId, 'Producer');
}

/**
 * Beats: browse, read, create, edit, delete. Access is checked before any data is changed:
 * only the producer edits or deletes, and only their own uploads become a beat's files.
 */
export function createBeatsService(deps: {
  repo: BeatsRepository;
  search: BeatsSearchRepository;
  /** Who uploaded which file and what it serves: a beat's files are the producer's own, unused uploads. */
  uploads: Pick<UploadsService, 'claim'>;
  /** Files the server made from a beat (its preview and renditions), deleted with it. */
  madeFiles: { filesOf(beatId: string): Promise<string[]> };
  storage: Storage;
  events: DomainEvents;
  log: Log;
  /** How long a browse page may be answered from memory; 0 turns the cache off. */
  listCacheMs: number;
  /** The max_beats of the producer's tier now; null is unlimited. */
  uploadLimit?: (userId: string) => Promise<number | null>;
}) {
  const { repo, uploads, storage, events, log } = deps;
  const browse = createBeatBrowsePages(deps);

  async function ownedBeat(user: UserRecord, id: string) {
    assertBeatId(id);
    const beat = await repo.findOwnership(id);
    if (!beat) throw notFound(BEAT_NOT_FOUND);
    if (beat.userId !== user.id) throw forbidden(NOT_YOUR_BEAT);
    return beat;
  }

  /** A stored file the user uploaded, of the right kind, that serves nothing else yet. */
  function claimUpload(user: UserRecord, key: string, kind: 'audio' | 'image') {
    return kind === 'audio'
      ? uploads.claim(user.id, key, 'beat_audio', { notYours: AUDIO_NOT_YOURS })
      : uploads.claim(user.id, key, 'beat_cover', { notYours: COVER_NOT_YOURS });
  }

  /**
   * The stored files of a beat that no upload row names: what the server made from it (preview,
   * renditions) and its stems ZIP, whose only reference is the beat row.
   */
  async function filesMadeFor(beat: { id: string; stemsKey: string | null }): Promise<string[]> {
    const made = await deps.madeFiles.filesOf(beat.id);
    return beat.stemsKey ? [...made, beat.stemsKey] : made;
  }

  async function removeFiles(keys: string[]) {
    for (const key of keys) {
      await storage
        .delete(key)
        .catch((error: unknown) => log.warn({ err: error, key }, 'could not delete a file'));
    }
  }

  return {
    list: browse.list,
    cards: browse.cards,

    async get(id: string): Promise<BeatDetail> {
      assertBeatId(id);
      const beat = await repo.findDetail(id);
      if (!beat) throw notFound(BEAT_NOT_FOUND);
      return beat;
    },

    async waveform(id: string): Promise<BeatWaveform> {
      assertBeatId(id);
      const waveform = await repo.findWaveform(id);
      if (!waveform) throw notFound(BEAT_NOT_FOUND);
      return { peaks: waveform.peaks ?? null, duration_seconds: waveform.duration_seconds };
    },

    /**
     * Creates a beat owned by the signed-in user. A retry with an idempotency key already used
     * by this user answers that beat's id before any other check, and creates nothing.
     */
    async create(
      user: UserRecord,
      body: CreateBeatInput,
      headerKey: string | undefined,
    ): Promise<{ id: string }> {
      if (headerKey && body.idempotency_key && headerKey !== body.idempotency_key) {
        throw badRequest('The Idempotency-Key header and idempotency_key differ');
      }
      const idempotencyKey = body.idempotency_key ?? headerKey ?? null;
      if (idempotencyKey) {
        const existing = await repo.findIdByIdempotencyKey(user.id, idempotencyKey);
        if (existing) return { id: existing };
      }
      // Checked before any upload is claimed; a retry of a beat already made passes above.
      const max = deps.uploadLimit ? await deps.uploadLimit(user.id) : null;
      if (max !== null && (await repo.countOwned(user.id)) >= max) throw forbidden(beatLimitMessage(max));
      const audio = await claimUpload(user, body.audio_file_key, 'audio');
      const currencyMissing = listPriceCurrencyMissing(body);
      if (currencyMissing) throw badRequest(currencyMissing);
      const coverKey = body.cover_image_key ?? null;
      if (coverKey) await claimUpload(user, coverKey, 'image');
      const pricing = resolveListPricing(body);
      let id: string;
      let eventId: string | null = null;
      try {
        id = await repo.create(
          {
            userId: user.id,
            title: body.title,
            description: body.description ?? null,
            bpm: body.bpm ?? null,
            keySignature: body.key_signature ?? null,
            genre: body.genre,
            mood: body.mood ?? null,
            priceCents: pricing.price_cents,
            listPriceCents: pricing.list_price_cents,
            listCurrency: pricing.list_currency,
            ...offerColumns(pricing, body.license_offers ?? {}),
            isFree: pricing.is_free,
            audioFileKey: body.audio_file_key,
            coverImageKey: coverKey,
            durationSeconds: audio.durationSeconds === null ? null : Math.round(audio.durationSeconds),
            producerName: producerNameOf(user.id, await repo.namesOf(user.id)),
            idempotencyKey,
          },
          async (tx, beatId) => {
            eventId = await events.record(tx, {
              type: 'beat.created',
              beatId,
              userId: user.id,
              title: body.title,
            });
          },
        );
      } catch (error) {
        if (!(error instanceof UniqueViolationError)) throw error;
        // Two requests with one key raced: the other one created the beat.
        const winner = idempotencyKey ? await repo.findIdByIdempotencyKey(user.id, idempotencyKey) : null;
        if (winner) return { id: winner };
        throw conflict(FILE_IN_USE);
      }
      browse.clear();
      // Not awaited: notifying thousands of followers must not hold the upload's answer (the
      // dispatcher keeps the work, and the outbox row keeps it across a crash).
      if (eventId) void events.deliver([eventId]);
      return { id };
    },

    /** Owner only. Fields left out keep their values; a replaced cover's file is removed. */
    async edit(user: UserRecord, id: string, body: EditBeatInput): Promise<Beat> {
      const beat = await ownedBeat(user, id);
      const currencyMissing = listPriceCurrencyMissing(body);
      if (currencyMissing) throw badRequest(currencyMissing);
      const coverChanges = body.cover_image_key !== undefined && body.cover_image_key !== beat.coverImageKey;
      if (coverChanges && body.cover_image_key) await claimUpload(user, body.cover_image_key, 'image');
      // The price is kept as it was typed (list price and currency) and converted to USD once.
      const pricing = resolveListPricing(body, {
        price_cents: beat.priceCents,
        list_price_cents: beat.listPriceCents ?? beat.priceCents,
        list_currency: (beat.listPriceCents === null ? 'USD' : beat.listCurrency) as Currency,
        is_free: beat.isFree,
      });
      const changes: Partial<BeatFieldsInput> = {
        title: body.title,
        description: body.description,
        bpm: body.bpm,
        keySignature: body.key_signature,
        genre: body.genre,
        mood: body.mood,
        priceCents: pricing.price_cents,
        listPriceCents: pricing.list_price_cents,
        listCurrency: pricing.list_currency,
        ...offerColumns(pricing, body.license_offers ?? storedOffers(beat.licenseOffers)),
        isFree: pricing.is_free,
        coverImageKey: coverChanges ? body.cover_image_key : undefined,
      };
      try {
        await repo.update(id, changes);
      } catch (error) {
        if (error instanceof UniqueViolationError) throw conflict(FILE_IN_USE);
        throw error;
      }
      browse.clear();
      if (coverChanges && beat.coverImageKey) {
        await repo.deleteUploads([beat.coverImageKey]);
        await removeFiles([beat.coverImageKey]);
      }
      return (await repo.findBeat(id))!;
    },

    /**
     * Owner only: the beat, its plays, favourites and reviews, both of its uploaded files, the
     * files made from them (preview, renditions) and its stems ZIP.
     */
    async remove(user: UserRecord, id: string): Promise<void> {
      const beat = await ownedBeat(user, id);
      const files = [beat.audioFileKey, beat.coverImageKey].filter((k): k is string => !!k);
      const made = await filesMadeFor(beat);
      let eventId: string | null = null;
      const deleted = await repo.delete(id, files, async (tx) => {
        eventId = await events.record(tx, { type: 'beat.deleted', beatId: id, userId: user.id });
      });
      if (!deleted) throw conflict(BEAT_SOLD);
      browse.clear();
      await removeFiles([...files, ...made]);
      if (eventId) await events.deliver([eventId]);
    },

    /**
     * An admin's deletion (the route checked the admin): as `remove`, without the
     * producer check; `alsoInTransaction` writes the audit row in the deletion's transaction.
     * false when the beat does not exist.
     */
    async removeAsAdmin(id: string, alsoInTransaction: (tx: Tx) => Promise<void>): Promise<boolean> {
      assertBeatId(id);
      const beat = await repo.findOwnership(id);
      if (!beat) return false;
      const files = [beat.audioFileKey, beat.coverImageKey].filter((k): k is string => !!k);
      const made = await filesMadeFor(beat);
      let eventId: string | null = null;
      const deleted = await repo.delete(id, files, async (tx) => {
        await alsoInTransaction(tx);
        eventId = await events.record(tx, { type: 'beat.deleted', beatId: id, userId: beat.userId });
      });
      if (!deleted) throw conflict(BEAT_SOLD);
      browse.clear();
      await removeFiles([...files, ...made]);
      if (eventId) await events.deliver([eventId]);
      return true;
    },

    /**
     * Call after a producer's display or account name changes, so browse and search show the
     * new name (producer_name is denormalised onto beats for search).
     */
    async refreshProducerName(userId: string): Promise<void> {
      await repo.setProducerName(userId, producerNameOf(userId, await repo.namesOf(userId)));
      browse.clear();
    },

    /** Call when beats leave the catalogue without passing through here (an exclusive sale). */
    forgetListPages(): void {
      browse.clear();
    },
  };
}

export type BeatsService = ReturnType<typeof createBeatsService>;
