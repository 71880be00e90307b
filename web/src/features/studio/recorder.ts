import { STUDIO_AUDIO } from '@beatroom/shared/studio-settings';

/**
 * Opens the microphone for the studio: no browser processing (echo cancellation, noise
 * suppression and auto gain would change the voice and its timing; the studio's own gate and
 * gain do that job), on the chosen device when there is one.
 */
export async function openMicrophone(deviceId: string | null): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('No microphone API in this browser');
  return navigator.mediaDevices.getUserMedia({
    audio: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
      sampleRate: STUDIO_AUDIO.SAMPLE_RATE,
    },
  });
}

/** Stops every track of a stream: the browser's recording indicator goes off. */
export function closeMicrophone(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The recorder's format: webm/opus, or what the browser offers when it has no opus. */
function recorderMimeType(): string | undefined {
  const wanted = STUDIO_AUDIO.RECORDER_MIME_TYPE;
  if (typeof MediaRecorder.isTypeSupported !== 'function') return wanted;
  return MediaRecorder.isTypeSupported(wanted) ? wanted : undefined;
}

export interface TakeRecorder {
  /** Stops and resolves with the take. */
  stop(): Promise<Blob>;
  /** Stops and drops what was recorded (leaving the page). */
  cancel(): void;
}

/**
 * Starts recording the stream in 100 ms chunks; `onStart` runs when the recorder really
 * starts (its first sample), which the take's alignment needs; `onChunk` gets each chunk as it
 * comes (the take's file is their concatenation).
 */
export function startTakeRecorder(
  stream: MediaStream,
  onStart?: () => void,
  onChunk?: (chunk: Blob) => void,
): TakeRecorder {
  const mimeType = recorderMimeType();
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event: BlobEvent) => {
    if (event.data.size === 0) return;
    chunks.push(event.data);
    onChunk?.(event.data);
  });
  const stopped = new Promise<Blob>((resolve, reject) => {
    recorder.addEventListener('stop', () =>
      resolve(new Blob(chunks, { type: recorder.mimeType || STUDIO_AUDIO.RECORDER_MIME_TYPE })),
    );
    recorder.addEventListener('error', (event) => reject(new Error(`Recorder failed: ${event.type}`)));
  });
  if (onStart) recorder.addEventListener('start', onStart, { once: true });
  recorder.start(STUDIO_AUDIO.RECORDER_TIMESLICE_MS);
  const stop = () => {
    if (recorder.state !== 'inactive') recorder.stop();
  };
  return {
    stop() {
      stop();
      return stopped;
    },
    cancel() {
      stopped.catch(() => undefined);
      stop();
    },
  };
}
