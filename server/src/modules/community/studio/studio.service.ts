import { BEAT_NOT_FOUND } from '@beatroom/shared/beats-contract';
import {
  STUDIO_SESSION_NOT_FOUND,
  STUDIO_SESSIONS_MAX_PER_USER,
  studioBeatAudioUrl,
  type StudioBeat,
  type StudioBeatAudioSource,
  type StudioSession,
} from '@beatroom/shared/studio-sessions-contract';
import { StudioSessionData } from '@beatroom/shared/studio-settings';
import { studioTakeIdsOf } from '@beatroom/shared/studio-takes-contract';
import type { Tx } from '../../../db/transaction';
import { conflict, notFound } from '../../../http/http-errors';
import { isUuid } from '../../../http/params';
import type { FileAnswer, FileRequest } from '../../catalogue/files/files.service';
import type { UserRecord } from '../../platform/users/user-record';
import type { StudioRepository, StudioSessionRow } from './studio.repository';

export const TOO_MANY_SESSIONS = `You can keep at most ${STUDIO_SESSIONS_MAX_PER_USER} studio sessions. Delete one to save another.`;

interface Log {
  warn(obj: object, msg: string): void;
}

/** What the studio needs of other modules, as plain functions (decorated services in the plugin). */
export interface StudioPorts {
  /** Whether the user may have the beat's master: its producer, or a licence holder. */
  downloadReason(user: UserRecord, beatId: string): Promise<string>;
  /** The MP3 320 made from a lossless master, once media jobs made it. */
  mp3Rendition(beatId: string): Promise<{ storageKey: string } | null>;
  /** Stored files with Range and ETag, after access was decided here. */
  readPrivate(key: string, request: FileRequest): Promise<FileAnswer>;
  /** Deletes the user's take files among these ids (no session names them any more). */
  releaseTakes(user: UserRecord, ids: string[]): Promise<void>;
}

/** The take files a stored session's timeline names (none when it has no timeline). */
function takeIdsOf(row: StudioSessionRow): string[] {
  const parsed = StudioSessionData.safeParse(row.sessionData);
  return parsed.success ? studioTakeIdsOf(parsed.data.arrangement) : [];
}

function session(row: StudioSessionRow, log: Log): StudioSession {
  // Stored data was validated on the way in; a row from an older shape still loads with the
  // defaults for what it lacks rather than breaking the whole list.
  const parsed = StudioSessionData.safeParse(row.sessionData);
  if (!parsed.success)
    log.warn({ sessionId: row.id }, 'stored studio session data no longer matches its shape');
  return {
    id: row.id,
    beat_id: row.beatId,
    session_name: row.sessionName,
    session_data: parsed.success ? parsed.data : (row.sessionData as StudioSession['session_data']),
    is_public: row.isPublic,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The studio: a user's saved sessions (own only: anyone else's is the same 404 as a
 * missing one) and the beat a take is recorded over. "Try it on your voice": the producer and
 * licence holders get the beat's master (its MP3 320 when the master is lossless and the MP3
 * exists), everyone else the public voice-tagged preview; a take kept from before a purchase
 * is mixed over the master once its vocalist holds a licence.
 */
export function createStudioService(deps: { repo: StudioRepository; ports: StudioPorts; log: Log }) {
  const { repo, ports, log } = deps;

  async function ownSession(user: UserRecord, id: string): Promise<StudioSessionRow> {
    const row = isUuid(id) ? await repo.findOwn(id, user.id) : null;
    if (!row) throw notFound(STUDIO_SESSION_NOT_FOUND);
    return row;
  }

  async function playable(beatId: string) {
    const beat = isUuid(beatId) ? await repo.playableBeat(beatId) : null;
    if (!beat) throw notFound(BEAT_NOT_FOUND);
    return beat;
  }

  async function sourceFor(
    user: UserRecord,
    beat: { id: string; userId: string },
  ): Promise<StudioBeatAudioSource> {
    if (beat.userId === user.id) return 'master';
    const reason = await ports.downloadReason(user, beat.id);
    return reason === 'license' ? 'master' : 'preview';
  }

  return {
    async list(user: UserRecord, beatId?: string): Promise<StudioSession[]> {
      return (await repo.list(user.id, beatId)).map((row) => session(row, log));
    },

    async get(user: UserRecord, id: string): Promise<StudioSession> {
      return session(await ownSession(user, id), log);
    },

    /** Save Session: for a beat that exists; at most STUDIO_SESSIONS_MAX_PER_USER per user (409). */
    async create(
      user: UserRecord,
      body: { beat_id: string; session_name: string; session_data: StudioSessionData; is_public: boolean },
    ): Promise<StudioSession> {
      if (!(await repo.beatExists(body.beat_id))) throw notFound(BEAT_NOT_FOUND);
      if ((await repo.count(user.id)) >= STUDIO_SESSIONS_MAX_PER_USER) throw conflict(TOO_MANY_SESSIONS);
      const row = await repo.create({
        userId: user.id,
        beatId: body.beat_id,
        sessionName: body.session_name,
        sessionData: body.session_data,
        isPublic: body.is_public,
      });
      return session(row, log);
    },

    /** Auto-save and rename: only the fields sent change. */
    async update(
      user: UserRecord,
      id: string,
      body: { session_name?: string; session_data?: StudioSessionData; is_public?: boolean },
    ): Promise<StudioSession> {
      const row = isUuid(id)
        ? await repo.updateOwn(id, user.id, {
            sessionName: body.session_name,
            sessionData: body.session_data,
            isPublic: body.is_public,
          })
        : null;
      if (!row) throw notFound(STUDIO_SESSION_NOT_FOUND);
      return session(row, log);
    },

    /**
     * Deletes the session and the take files it names that no other session of the user names
     * (Save Session copies the timeline, so two sessions may share a take's file).
     */
    async remove(user: UserRecord, id: string): Promise<void> {
      const row = await ownSession(user, id);
      if (!(await repo.deleteOwn(row.id, user.id))) throw notFound(STUDIO_SESSION_NOT_FOUND);
      const named = takeIdsOf(row);
      if (!named.length) return;
      const kept = new Set((await repo.list(user.id)).flatMap(takeIdsOf));
      await ports.releaseTakes(
        user,
        named.filter((take) => !kept.has(take)),
      );
    },

    /** GET /api/studio/beats/{beatId}: the beat as the studio needs it and which audio it gets. */
    async beat(user: UserRecord, beatId: string): Promise<StudioBeat> {
      const beat = await playable(beatId);
      return {
        id: beat.id,
        title: beat.title,
        bpm: beat.bpm,
        key_signature: beat.keySignature,
        cover_image_key: beat.coverImageKey,
        audio_source: await sourceFor(user, beat),
        audio_url: studioBeatAudioUrl(beat.id),
      };
    },

    /** GET /api/studio/beats/{beatId}/audio: the file of the beat's audio source for this user. */
    async beatAudio(
      user: UserRecord,
      beatId: string,
      request: FileRequest,
    ): Promise<{ answer: FileAnswer; source: StudioBeatAudioSource }> {
      const beat = await playable(beatId);
      const source = await sourceFor(user, beat);
      let key = beat.previewKey!;
      if (source === 'master') {
        // A lossless master is decoded whole by the browser: its MP3 320 is a tenth of the bytes.
        const lossless = !beat.audioFileKey.endsWith('.mp3');
        const rendition = lossless ? await ports.mp3Rendition(beat.id) : null;
        key = rendition?.storageKey ?? beat.audioFileKey;
      }
      const answer = await ports.readPrivate(key, request);
      if (answer.status === 404) throw notFound(BEAT_NOT_FOUND);
      return { answer, source };
    },

    /** Account deletion, inside its transaction. */
    removeAll: (tx: Tx, userId: string) => repo.removeAll(tx, userId),
  };
}

export type StudioService = ReturnType<typeof createStudioService>;
