import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DraftTake } from '@beatroom/shared/ipc-uploads-contract';
import type { z } from 'zod';
import { takeFormatOf, writeDurably } from './take-file';

type Draft = z.output<typeof DraftTake>;

export class TakeDraftError extends Error {}

/**
 * Unsaved studio takes in the local library: `take-drafts/<account>/<beat>.{webm|wav}` with a
 * `<beat>.json` beside it (name, format, when). Each file is written durably (flushed, then
 * renamed), so a draft kept before the window closes survives a crash too. One draft per beat
 * and account: another account signed in on this machine never sees it.
 */
export function createTakeDrafts(options: { dir: string; owner: () => string | null }) {
  /** The account's folder; its name is a hash, so no id reaches a path unchecked. */
  const folderOf = (owner: string) =>
    join(options.dir, createHash('sha256').update(owner).digest('hex').slice(0, 32));
  const requireOwner = () => {
    const owner = options.owner();
    if (!owner) throw new TakeDraftError('Sign in to keep takes on this computer.');
    return owner;
  };
  // beatId is a UUID (parsed by the contract): safe as a file name.
  const metaPath = (folder: string, beatId: string) => join(folder, `${beatId}.json`);

  const discard = (folder: string, beatId: string): boolean => {
    let removed = false;
    for (const name of [`${beatId}.json`, `${beatId}.webm`, `${beatId}.wav`]) {
      const path = join(folder, name);
      if (existsSync(path)) {
        rmSync(path, { force: true });
        removed = true;
      }
    }
    return removed;
  };

  return {
    /** Keeps the beat's draft, replacing an earlier one; on disk before it answers. */
    keep(input: z.input<typeof DraftTake>): { kept: true } {
      const draft = DraftTake.parse(input);
      if (takeFormatOf(draft.audio) !== draft.format) {
        throw new TakeDraftError('The take is not WebM/Opus or WAV audio.');
      }
      const folder = folderOf(requireOwner());
      mkdirSync(folder, { recursive: true });
      discard(folder, draft.beatId);
      // The audio first, its description last: a draft without its .json is never offered.
      writeDurably(join(folder, `${draft.beatId}.${draft.format}`), draft.audio);
      const meta = { recordingName: draft.recordingName, format: draft.format, recordedAt: draft.recordedAt };
      writeDurably(metaPath(folder, draft.beatId), new TextEncoder().encode(JSON.stringify(meta)));
      return { kept: true };
    },

    /** The beat's draft, or null (none, another account's, or unreadable). */
    find(beatId: string): { draft: Draft | null } {
      const owner = options.owner();
      if (!owner) return { draft: null };
      const folder = folderOf(owner);
      try {
        const meta = JSON.parse(readFileSync(metaPath(folder, beatId), 'utf8')) as Record<string, unknown>;
        const audio = new Uint8Array(readFileSync(join(folder, `${beatId}.${String(meta.format)}`)));
        const parsed = DraftTake.safeParse({ ...meta, beatId, audio });
        return { draft: parsed.success ? parsed.data : null };
      } catch {
        return { draft: null };
      }
    },

    discard(beatId: string): { discarded: boolean } {
      const owner = options.owner();
      if (!owner) return { discarded: false };
      return { discarded: discard(folderOf(owner), beatId) };
    },
  };
}

export type TakeDrafts = ReturnType<typeof createTakeDrafts>;
