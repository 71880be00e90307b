import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { SqliteDatabase } from '../desktop/src/main/library/sqlite-driver';
import { unreachableUrl } from '../server/test/free-port';
import { wavFile } from '../server/test/media-fixtures';

/**
 * The desktop library under crashes: BENCH_CRASH_ROUNDS (100) rounds of main's library service
 * writing (mirror sync, an upload queued, a take kept) in a child process that is killed with
 * SIGKILL at a random moment. After each kill the database must open and pass
 * `PRAGMA integrity_check`, and every upload and take the app had acknowledged must still be
 * queued exactly once, with its file on disk; one caught in the middle may be there or not, but
 * never twice. `npm run bench -- desktop-crash`.
 */
const ROUNDS = Number(process.env.BENCH_CRASH_ROUNDS ?? 100);
/** The kill lands this long after the writer said it started: 0 to MAX ms, uniformly. */
const MAX_DELAY_MS = Number(process.env.BENCH_CRASH_MAX_DELAY_MS ?? 400);
const OWNER = 'bench-producer';

const writer = join(import.meta.dirname, 'desktop-crash/library-writer.ts');
const dir = mkdtempSync(join(tmpdir(), 'beatroom-crash-bench-'));
const libraryDir = join(dir, 'library');
const sourceWav = join(dir, 'source.wav');
writeFileSync(sourceWav, wavFile(1, 8000));

/** Runs one writer and kills it; answers what it had acknowledged before the kill. */
async function round(n: number, offline: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', writer, libraryDir, sourceWav, OWNER, String(n), offline],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let errors = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (errors += data.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('READY\n')) {
        clearInterval(check);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(check);
        reject(new Error(`writer exited before it started: ${errors}`));
      }
    }, 2);
  });
  await new Promise((resolve) => setTimeout(resolve, Math.random() * MAX_DELAY_MS));
  child.kill('SIGKILL');
  const signal = await exited;
  if (signal !== 'SIGKILL') throw new Error(`writer ended by itself (${signal}): ${errors}`);
  const lines = output.split('\n');
  return {
    uploads: lines.filter((line) => line.startsWith('UPLOAD ')).map((line) => line.slice(7)),
    takes: lines.filter((line) => line.startsWith('TAKE ')).map((line) => line.slice(5)),
  };
}

const acknowledged = { uploads: new Set<string>(), takes: new Set<string>() };
let kills = 0;
let corrupt = 0;
let lost = 0;
let duplicated = 0;
const offline = await unreachableUrl();
const started = Date.now();

for (let n = 1; n <= ROUNDS; n++) {
  const result = await round(n, offline);
  kills++;
  result.uploads.forEach((nonce) => acknowledged.uploads.add(nonce));
  result.takes.forEach((nonce) => acknowledged.takes.add(nonce));

  let db: Database.Database;
  try {
    db = new SqliteDatabase(join(libraryDir, 'library.db'));
  } catch {
    corrupt++;
    continue;
  }
  const integrity = db.prepare<[], { integrity_check: string }>('PRAGMA integrity_check').all();
  if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok') corrupt++;

  // Every queued item, counted by the nonce in its name; its file must be on disk.
  const uploads = new Map<string, number>();
  for (const row of db
    .prepare<[], { fields: string; audio_path: string }>('SELECT fields, audio_path FROM uploads')
    .all()) {
    const nonce = (JSON.parse(row.fields) as { title: string }).title.replace(/^Upload /, '');
    uploads.set(nonce, (uploads.get(nonce) ?? 0) + (existsSync(row.audio_path) ? 1 : 0));
  }
  const takes = new Map<string, number>();
  for (const row of db
    .prepare<[], { recording_name: string; file_path: string }>('SELECT recording_name, file_path FROM takes')
    .all()) {
    const nonce = row.recording_name.replace(/^Take /, '');
    takes.set(nonce, (takes.get(nonce) ?? 0) + (existsSync(row.file_path) ? 1 : 0));
  }
  db.close();
  for (const [kind, seen] of [
    ['uploads', uploads],
    ['takes', takes],
  ] as const) {
    for (const nonce of acknowledged[kind]) if ((seen.get(nonce) ?? 0) < 1) lost++;
    for (const count of seen.values()) if (count > 1) duplicated++;
  }
  // Counted once: an item lost in one round is not lost again in the next.
  for (const nonce of acknowledged.uploads) if (!uploads.get(nonce)) acknowledged.uploads.delete(nonce);
  for (const nonce of acknowledged.takes) if (!takes.get(nonce)) acknowledged.takes.delete(nonce);
}

console.log(
  `${acknowledged.uploads.size} uploads and ${acknowledged.takes.size} takes acknowledged over ${ROUNDS} rounds, ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(`library crash: ${kills} kills, ${corrupt} corrupt, ${lost} lost, ${duplicated} duplicated`);
rmSync(dir, { recursive: true, force: true });
process.exit(corrupt || lost || duplicated ? 1 : 0);
