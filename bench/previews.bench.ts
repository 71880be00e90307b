import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { decodePcm } from '../server/src/modules/catalogue/audio/pcm-decoder';
import type { AudioFormat } from '../server/src/modules/catalogue/audio/sniff';
import { encodeWav, wavHeader } from '../server/src/modules/catalogue/audio/wav';
import type { Mp3Bitrate } from '../server/src/modules/catalogue/previews/mp3-encoder';
import { decodeVoiceTag, renderMp3 } from '../server/src/modules/catalogue/previews/render-mp3';
import type { VoiceTag } from '../server/src/modules/catalogue/previews/voice-tag-mixer';
import { encodeFlac, tone } from '../server/test/media-fixtures';

/**
 * Preview rendering: how long the background job takes to turn a 3-minute stereo
 * master into its 128 kb/s voice-tagged preview and its 320 kb/s rendition, and how much memory
 * it holds while doing so. The master is read as a stream from disk in 64 KB pieces, the way
 * storage hands it out, and the MP3 bytes are only counted, the way storage would take them.
 * Figures only: nothing here passes or fails on time.
 */
const SECONDS = 180;
const RATE = 44_100;
const dir = mkdtempSync(join(tmpdir(), 'beatroom-bench-previews-'));

/** A 3-minute stereo 16-bit WAV (about 30 MB), written a second at a time. */
function writeWav(path: string) {
  const second = Buffer.alloc(4 * RATE);
  for (let i = 0; i < RATE; i++) {
    const v = Math.round(12_000 * Math.sin((2 * Math.PI * 220 * i) / RATE));
    second.writeInt16LE(v, 4 * i);
    second.writeInt16LE(-v, 4 * i + 2);
  }
  writeFileSync(
    path,
    Buffer.concat([wavHeader(SECONDS * second.length, 2, RATE), ...Array(SECONDS).fill(second)]),
  );
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function measure(
  label: string,
  format: AudioFormat,
  path: string,
  bitrate: Mp3Bitrate,
  tag: VoiceTag | null,
) {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let bytes = 0;
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  for await (const part of renderMp3(decodePcm(format, stream), { bitrate, voiceTag: tag })) {
    bytes += part.length;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const used = process.cpuUsage(cpu);
  console.log(
    `${label.padEnd(44)} ${seconds.toFixed(1).padStart(5)} s wall (${(SECONDS / seconds).toFixed(0)}x real time), ` +
      `${((used.user + used.system) / 1e6).toFixed(1)} s CPU, ` +
      `peak RSS +${mb(peak - baseline)} over ${mb(baseline)}, ` +
      `${mb(bytes)} out (${((bytes * 8) / SECONDS / 1000).toFixed(0)} kb/s)`,
  );
}

try {
  const wav = join(dir, 'master.wav');
  writeWav(wav);
  const flac = join(dir, 'master.flac');
  const left = tone(SECONDS, RATE, 220, 0.4);
  writeFileSync(flac, encodeFlac([left, left], RATE));
  const tagFile = encodeWav([tone(2, RATE, 1800, 0.3)], RATE);
  const tag = await decodeVoiceTag('wav', Readable.from([tagFile]));

  console.log(
    `master: 3:00 stereo 44.1 kHz; WAV ${mb(statSync(wav).size)}, FLAC ${mb(statSync(flac).size)} ` +
      `(the whole track as float PCM would be ${mb(SECONDS * RATE * 2 * 4)})`,
  );
  await measure('WAV -> preview 128 kb/s with voice tag', 'wav', wav, 128, tag);
  await measure('WAV -> rendition 320 kb/s', 'wav', wav, 320, null);
  await measure('FLAC -> preview 128 kb/s with voice tag', 'flac', flac, 128, tag);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
