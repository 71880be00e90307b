import {
  COLLAB_TRACKS,
  type CollabSessionData,
  type Track,
  type TrackSettings,
} from '@beatroom/shared/collab-sessions-contract';

/**
 * What the session's audio borrows from the studio engine; app/ hands it in (a feature does not
 * reach into another's internals): the microphone, the take recorder and the WAV encoder.
 */
export interface CollabAudioKit {
  openMicrophone(): Promise<MediaStream>;
  closeMicrophone(stream: MediaStream | null): void;
  startTakeRecorder(stream: MediaStream, onStart?: () => void): { stop(): Promise<Blob>; cancel(): void };
  encodeWav(buffer: AudioBuffer): ArrayBuffer;
}

/** The page's window on the session's sound; the page talks only to this. */
export interface CollabAudio {
  loadBeat(url: string): Promise<void>;
  /** A take on a track (null clears it), decoded and played in time with the beat. */
  loadTake(track: Track, url: string | null): Promise<void>;
  /** Plays everything from `positionS` on the beat's timeline (re-syncs when already playing). */
  play(positionS: number): void;
  /** Stops; the player then stands at `positionS` (where it was, when not given). */
  pause(positionS?: number): void;
  /** Where the local player is on the beat's timeline, seconds. */
  position(): number;
  playing(): boolean;
  setMix(data: Pick<CollabSessionData, 'beat_volume' | 'track_settings'>): void;
  /** Records the microphone over the beat from 0 (the take lines up with the beat's start). */
  startRecording(): Promise<void>;
  stopRecording(): Promise<Blob>;
  /** The beat plus every take with the session's settings, rendered offline, as a WAV. */
  renderMix(data: Pick<CollabSessionData, 'beat_volume' | 'track_settings'>): Promise<Blob>;
  dispose(): void;
}

/** The gain a track plays at: solo anywhere silences the tracks without solo; mute silences. */
export function trackGain(track: Track, settings: CollabSessionData['track_settings']): number {
  const own: TrackSettings = settings[track];
  const anySolo = COLLAB_TRACKS.some((t) => settings[t].solo);
  if (own.muted || (anySolo && !own.solo)) return 0;
  return own.volume;
}

const SAMPLE_RATE = 48_000;
/** Sources start this far ahead, so every one of them starts on the same audio-clock instant. */
const START_AHEAD_S = 0.05;

async function decode(context: BaseAudioContext, url: string): Promise<AudioBuffer> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`Audio failed to load (${response.status})`);
  return context.decodeAudioData(await response.arrayBuffer());
}

export function createCollabAudio(kit: CollabAudioKit): CollabAudio {
  const context = new AudioContext({ sampleRate: SAMPLE_RATE, latencyHint: 'interactive' });
  const beatGain = context.createGain();
  beatGain.connect(context.destination);
  const trackGains = new Map<Track, GainNode>();
  for (const track of COLLAB_TRACKS) {
    const gain = context.createGain();
    gain.connect(context.destination);
    trackGains.set(track, gain);
  }
  let beat: AudioBuffer | null = null;
  const takes = new Map<Track, AudioBuffer>();
  let sources: AudioBufferSourceNode[] = [];
  /** Audio-clock time at which the timeline's 0 passed (while playing). */
  let origin = 0;
  let pausedAt = 0;
  let isPlaying = false;
  let microphone: MediaStream | null = null;
  let recorder: ReturnType<CollabAudioKit['startTakeRecorder']> | null = null;

  function stopSources() {
    for (const source of sources) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // never started
      }
      source.disconnect();
    }
    sources = [];
  }

  function startAt(buffer: AudioBuffer, destination: AudioNode, when: number, offset: number) {
    if (offset >= buffer.duration) return;
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(destination);
    source.start(when, offset);
    sources.push(source);
  }

  function play(positionS: number, withTakes = true) {
    void context.resume();
    stopSources();
    const when = context.currentTime + START_AHEAD_S;
    origin = when - positionS;
    isPlaying = true;
    if (beat) startAt(beat, beatGain, when, positionS);
    if (withTakes) for (const [track, take] of takes) startAt(take, trackGains.get(track)!, when, positionS);
  }

  return {
    async loadBeat(url) {
      beat = await decode(context, url);
    },
    async loadTake(track, url) {
      if (!url) takes.delete(track);
      else takes.set(track, await decode(context, url));
      if (isPlaying) play(this.position());
    },
    play: (positionS) => play(positionS),
    pause(positionS) {
      pausedAt = positionS ?? (isPlaying ? Math.max(0, context.currentTime - origin) : pausedAt);
      isPlaying = false;
      stopSources();
    },
    position: () => (isPlaying ? Math.max(0, context.currentTime - origin) : pausedAt),
    playing: () => isPlaying,
    setMix(data) {
      beatGain.gain.setTargetAtTime(data.beat_volume, context.currentTime, 0.01);
      for (const track of COLLAB_TRACKS) {
        trackGains
          .get(track)!
          .gain.setTargetAtTime(trackGain(track, data.track_settings), context.currentTime, 0.01);
      }
    },
    async startRecording() {
      microphone = await kit.openMicrophone();
      await context.resume();
      // The beat starts from 0 when the recorder really starts, so the take lines up with it.
      await new Promise<void>((resolve) => {
        recorder = kit.startTakeRecorder(microphone!, () => {
          play(0, false);
          resolve();
        });
      });
    },
    async stopRecording() {
      const active = recorder;
      recorder = null;
      this.pause(0);
      try {
        if (!active) throw new Error('Not recording');
        return await active.stop();
      } finally {
        kit.closeMicrophone(microphone);
        microphone = null;
      }
    },
    async renderMix(data) {
      if (!beat) throw new Error('The beat is not loaded');
      const length = Math.max(beat.length, ...[...takes.values()].map((take) => take.length));
      const offline = new OfflineAudioContext(2, length, beat.sampleRate);
      const add = (buffer: AudioBuffer, gain: number) => {
        if (gain <= 0) return;
        const node = offline.createGain();
        node.gain.value = gain;
        node.connect(offline.destination);
        const source = offline.createBufferSource();
        source.buffer = buffer;
        source.connect(node);
        source.start(0);
      };
      add(beat, data.beat_volume);
      for (const [track, take] of takes) add(take, trackGain(track, data.track_settings));
      const rendered = await offline.startRendering();
      return new Blob([kit.encodeWav(rendered)], { type: 'audio/wav' });
    },
    dispose() {
      stopSources();
      recorder?.cancel();
      recorder = null;
      kit.closeMicrophone(microphone);
      microphone = null;
      void context.close();
    },
  };
}
