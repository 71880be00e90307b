import { randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { RECORDING_MAX_BYTES } from '@beatroom/shared/recordings-contract';
import { takeFormatOf, writeDurably } from './take-file';

/**
 * What a recording under way has written so far. `committed` is the length known to be on disk
 * (written after the bytes are flushed), so bytes past it are an append the app died in.
 */
interface JournalEntry {
  owner: string;
  beatId: string;
  committed: number;
  startedAt: string;
  /** Set once a recording left behind by a crash has become a timeline take. */
  takeId?: string;
}

export class RecordingJournalError extends Error {}

const RECORDING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A WAV cut short by a crash still says, in its header, the length it was going to have (or 0,
 * when the recorder writes it at the end): the RIFF and data sizes are set to what is there,
 * whole sample frames only. Other audio is returned as it is.
 */
export function fixWavHeader(bytes: Uint8Array): Uint8Array {
  if (takeFormatOf(bytes) !== 'wav') return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let blockAlign = 1;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ' && offset + 22 <= bytes.length)
      blockAlign = Math.max(1, view.getUint16(offset + 20, true));
    if (id === 'data') {
      const available = bytes.length - (offset + 8);
      const dataBytes = available - (available % blockAlign);
      const fixed = bytes.slice(0, offset + 8 + dataBytes);
      const out = new DataView(fixed.buffer);
      out.setUint32(4, fixed.length - 8, true);
      out.setUint32(offset + 4, dataBytes, true);
      return fixed;
    }
    offset += 8 + size + (size % 2);
  }
  return bytes;
}

/**
 * The studio's recording under way, kept on disk as it is captured: each chunk the recorder
 * hands over is appended to `<dir>/<id>.part` and flushed before the journal says it is there.
 * When the app is killed mid-take, the next start turns what was captured into a timeline take
 * (`keep`, as a finished take is kept) and the studio finds it again for that beat.
 */
export function createRecordingJournal(options: {
  dir: string;
  keep: (owner: string, bytes: Uint8Array) => string;
  now?: () => Date;
  log?: { warn: (message: string, error?: unknown) => void };
}) {
  const now = () => (options.now ?? (() => new Date()))().toISOString();
  const dataPath = (id: string) => join(options.dir, `${id}.part`);
  const entryPath = (id: string) => join(options.dir, `${id}.json`);
  const readEntry = (id: string): JournalEntry | null => {
    try {
      return JSON.parse(readFileSync(entryPath(id), 'utf8')) as JournalEntry;
    } catch {
      return null;
    }
  };
  const writeEntry = (id: string, entry: JournalEntry) =>
    writeDurably(entryPath(id), new TextEncoder().encode(JSON.stringify(entry)));
  const forget = (id: string) => {
    rmSync(dataPath(id), { force: true });
    rmSync(entryPath(id), { force: true });
  };
  const ownEntry = (owner: string, id: string): JournalEntry => {
    const entry = RECORDING_ID.test(id) ? readEntry(id) : null;
    if (!entry || entry.owner !== owner || entry.takeId) {
      throw new RecordingJournalError('This recording is not under way.');
    }
    return entry;
  };

  /** A recording a crash interrupted: what was flushed becomes a take, the rest is cut off. */
  const recoverOne = (id: string) => {
    const entry = readEntry(id);
    if (!entry || entry.takeId) return;
    const path = dataPath(id);
    const onDisk = existsSync(path) ? statSync(path).size : 0;
    const length = Math.min(onDisk, entry.committed);
    if (onDisk > length) truncateSync(path, length);
    const bytes = length > 0 ? fixWavHeader(new Uint8Array(readFileSync(path))) : new Uint8Array();
    if (!takeFormatOf(bytes)) {
      forget(id);
      return;
    }
    const takeId = options.keep(entry.owner, bytes);
    writeEntry(id, { ...entry, takeId });
    rmSync(path, { force: true });
  };

  return {
    /** Starts the journal of a new recording for a beat; answers its id. */
    begin(owner: string, beatId: string): string {
      mkdirSync(options.dir, { recursive: true });
      const id = randomUUID();
      writeDurably(dataPath(id), new Uint8Array());
      writeEntry(id, { owner, beatId, committed: 0, startedAt: now() });
      return id;
    },

    /** Appends a chunk; once this returns the chunk survives the app being killed. */
    append(owner: string, id: string, chunk: Uint8Array): number {
      const entry = ownEntry(owner, id);
      if (entry.committed + chunk.length > RECORDING_MAX_BYTES) {
        throw new RecordingJournalError('The recording is larger than 50 MB.');
      }
      const fd = openSync(dataPath(id), 'r+');
      try {
        let written = 0;
        while (written < chunk.length) {
          written += writeSync(fd, chunk, written, chunk.length - written, entry.committed + written);
        }
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      const committed = entry.committed + chunk.length;
      writeEntry(id, { ...entry, committed });
      return committed;
    },

    /** The recording ended and its take was kept as usual: the journal goes. */
    finish(owner: string, id: string): void {
      ownEntry(owner, id);
      forget(id);
    },

    /** At start-up: every recording left under way becomes a take (kept before anything else). */
    recover(): void {
      if (!existsSync(options.dir)) return;
      for (const name of readdirSync(options.dir)) {
        const id = name.replace(/\.json$/, '');
        if (id === name || !RECORDING_ID.test(id)) continue;
        try {
          recoverOne(id);
        } catch (error) {
          options.log?.warn(`Recording ${id} could not be recovered`, error);
        }
      }
    },

    /** Takes recovered for this beat and account, answered once (the studio places them). */
    recovered(owner: string, beatId: string): string[] {
      if (!existsSync(options.dir)) return [];
      const found: string[] = [];
      for (const name of readdirSync(options.dir)) {
        const id = name.replace(/\.json$/, '');
        if (id === name || !RECORDING_ID.test(id)) continue;
        const entry = readEntry(id);
        if (!entry?.takeId || entry.owner !== owner || entry.beatId !== beatId) continue;
        found.push(entry.takeId);
        forget(id);
      }
      return found;
    },
  };
}

export type RecordingJournal = ReturnType<typeof createRecordingJournal>;
