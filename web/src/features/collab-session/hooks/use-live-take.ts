import type { Track } from '@beatroom/shared/collab-sessions-contract';
import {
  COLLAB_LIVE_FRAME_MAX_LEVELS,
  COLLAB_LIVE_FRAME_MS,
  COLLAB_LIVE_LEVELS_PER_SECOND,
} from '@beatroom/shared/collab-take-edits-contract';
import { useEffect, useRef, type RefObject } from 'react';
import { cancelRecording, sendLiveFrame } from '../api';
import type { CollabAudio } from '../collab-audio';
import { useCollabLiveStore } from '../store/collab-live-store';

/** How often the input is read; each reading stands for this long of the take. */
const SAMPLE_MS = 50;
const LEVELS_PER_SAMPLE = (SAMPLE_MS / 1000) * COLLAB_LIVE_LEVELS_PER_SECOND;
/** While the take uploads, an empty frame this often keeps the others' clip from going stale. */
const SAVING_BEAT_MS = 1_000;

/** Two decimals are all a waveform's pixel needs; they keep the frames small. */
const rounded = (level: number) => Math.round(level * 100) / 100;

interface Running {
  start: number;
  levels: number[];
  sent: number;
  sampler: number;
  sender: number;
}

/**
 * The take this member records, shown growing: the input's level is read twenty times a second,
 * and every COLLAB_LIVE_FRAME_MS the new levels go to the server (which hands them to the other
 * members) and onto this member's own timeline. While the take uploads, empty frames say it is
 * still coming; a take given up (or a page left mid-take) is taken back for everyone.
 */
export function useLiveTake(
  sessionId: string,
  userId: string | null,
  track: Track,
  audio: RefObject<CollabAudio | null>,
) {
  const running = useRef<Running | null>(null);
  /** Recording stopped before the server's stamp came back: the take never shows as growing. */
  const stopped = useRef(false);

  function frame(current: Running) {
    const levels = current.levels.slice(current.sent, current.sent + COLLAB_LIVE_FRAME_MAX_LEVELS);
    const body = { at: current.sent, levels };
    current.sent += levels.length;
    if (userId)
      useCollabLiveStore
        .getState()
        .recordingFrame(sessionId, userId, { track, start_seconds: current.start, ...body });
    // A lost frame leaves a gap the next one's `at` steps over; the take itself is not at stake.
    sendLiveFrame(sessionId, body).catch(() => undefined);
  }

  function stopTimers(current: Running) {
    window.clearInterval(current.sampler);
    window.clearInterval(current.sender);
  }

  const controls = {
    /** The server stamped the take's start: it shows from there and grows. */
    begin(start: number) {
      if (stopped.current) return;
      const current: Running = { start, levels: [], sent: 0, sampler: 0, sender: 0 };
      current.sampler = window.setInterval(() => {
        const level = rounded(audio.current?.inputLevel() ?? 0);
        for (let i = 0; i < LEVELS_PER_SAMPLE; i++) current.levels.push(level);
      }, SAMPLE_MS);
      current.sender = window.setInterval(() => frame(current), COLLAB_LIVE_FRAME_MS);
      running.current = current;
      frame(current);
    },
    /** Recording stopped and the take uploads: the clip stays as it is until the take lands. */
    saving() {
      stopped.current = true;
      const current = running.current;
      if (!current) return;
      stopTimers(current);
      frame(current);
      current.sender = window.setInterval(() => frame(current), SAVING_BEAT_MS);
    },
    /** The take landed (its clip replaces this one) or was given up (`cancel`: gone for all). */
    end(cancel: boolean) {
      const current = running.current;
      running.current = null;
      stopped.current = false;
      if (current) stopTimers(current);
      if (userId) useCollabLiveStore.getState().recordingEnded(sessionId, userId);
      if (cancel) cancelRecording(sessionId).catch(() => undefined);
    },
  };

  // Leaving the page mid-take gives the take up.
  const end = useRef(controls.end);
  end.current = controls.end;
  useEffect(
    () => () => {
      if (running.current) end.current(true);
    },
    [],
  );

  return controls;
}
