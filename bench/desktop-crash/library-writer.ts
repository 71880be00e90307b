// One round of the desktop crash benchmark, in a process of its own: main's real library service
// on the library folder given, writing as the app does (a mirror sync, an upload queued, a take
// kept) in a loop until the benchmark kills it with SIGKILL. Each queued item is reported on
// stdout once enqueue returned (the moment the app tells the user it is safe), with its nonce.
import { randomUUID } from 'node:crypto';
import { openLibraryDatabase } from '../../desktop/src/main/library/database';
import type { MirroredBeat } from '../../desktop/src/main/library/library-store';
import { createLibraryService } from '../../desktop/src/main/library/library-service';
import { createServerClient } from '../../desktop/src/main/library/server-client';
import { wavFile } from '../../server/test/media-fixtures';

const [libraryDir, sourceWav, owner, round, unreachableUrl] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];

const db = openLibraryDatabase(`${libraryDir}/library.db`);
let syncs = 0;
const library = createLibraryService({
  db,
  dir: libraryDir,
  // Offline: every send fails and is scheduled again, which is one more write each time.
  client: createServerClient({ serverUrl: unreachableUrl, token: () => 'bench-token' }),
  owner: () => owner,
  onUploadsChanged: () => {},
  onLibraryChanged: () => {},
  // The server's list of the producer's beats, as the mirror receives it: a different page
  // each time, so every sync rewrites rows.
  fetchOwnBeats: async () => {
    syncs++;
    return Array.from({ length: 40 }, (_, i): MirroredBeat => ({
      id: `beat-${i}`,
      user_id: owner,
      title: `Mirrored ${i} (sync ${round}.${syncs})`,
      description: 'x'.repeat(200),
      genre: 'Trap',
      mood: null,
      bpm: 120 + i,
      key_signature: null,
      price_cents: 1000 + syncs,
      is_free: false,
      duration_seconds: 30,
      play_count: syncs,
      download_count: 0,
      audio_file_key: null,
      cover_image_key: null,
      created_at: '2026-01-01T00:00:00.000Z',
    }));
  },
});
const take = new Uint8Array(wavFile(1, 8000));

process.stdout.write('READY\n');
for (let op = 0; ; op++) {
  await library.sync();
  const nonce = `r${round}-o${op}-${randomUUID().slice(0, 8)}`;
  const audio = library.grantPickedFile(sourceWav, 'audio');
  library.enqueue({ audio: audio.id, cover: null, beat: { title: `Upload ${nonce}`, genre: 'Trap' } });
  process.stdout.write(`UPLOAD ${nonce}\n`);
  library.enqueueTake({
    beatId: '00000000-0000-4000-8000-000000000001',
    recordingName: `Take ${nonce}`,
    isPublic: false,
    format: 'wav',
    audio: take,
  });
  process.stdout.write(`TAKE ${nonce}\n`);
}
