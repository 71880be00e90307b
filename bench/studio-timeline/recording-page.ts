/// <reference lib="dom" />
// The recording bench's page: the studio's own recorder (openMicrophone, startTakeRecorder:
// webm/opus in 100 ms chunks) on Chromium's fake microphone, which plays a click every half
// second from a file (the loopback: what the vocalist hears comes back in). The take is decoded
// and each click's onset found, for the bench to compare with the clicks' grid.
import { closeMicrophone, openMicrophone, startTakeRecorder } from '../../web/src/features/studio/recorder';

const RATE = 48_000;

/** Onsets (seconds) of clicks: the first sample over half the take's peak after 0.2 s of quiet. */
function onsets(samples: Float32Array): number[] {
  let peak = 0;
  for (const x of samples) peak = Math.max(peak, Math.abs(x));
  const threshold = peak / 2;
  const quiet = 0.2 * RATE;
  const found: number[] = [];
  let lastLoud = -quiet;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]!) < threshold) continue;
    if (i - lastLoud >= quiet) found.push(i / RATE);
    lastLoud = i;
  }
  return found;
}

async function record(seconds: number) {
  const stream = await openMicrophone(null);
  let chunks = 0;
  const recorder = startTakeRecorder(stream, undefined, () => void chunks++);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const take = await recorder.stop();
  const wallS = (performance.now() - started) / 1000;
  closeMicrophone(stream);
  const decoded = await new OfflineAudioContext(1, RATE, RATE).decodeAudioData(await take.arrayBuffer());
  return {
    wallS,
    chunks,
    bytes: take.size,
    durationS: decoded.duration,
    onsets: onsets(decoded.getChannelData(0)),
  };
}

(window as unknown as { record: typeof record }).record = record;
