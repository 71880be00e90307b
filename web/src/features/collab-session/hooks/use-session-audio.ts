import { positionAt, type CollabSessionState } from '@beatroom/shared/collab-sessions-contract';
import type { Arrangement } from '@beatroom/shared/studio-arrangement';
import { useEffect, useRef, useState } from 'react';
import type { CollabAudio, Peaks } from '../collab-audio';
import { useCollabLiveStore } from '../store/collab-live-store';

/**
 * The session's sound on this page: one CollabAudio for the page's life; the beat and each take
 * loaded as it comes (their waveforms kept for the timeline); the arrangement and the mix follow
 * the session; the transport follows the host, positioned by the server's clock (so the
 * message's delay does not put this member behind). While this member records, their player
 * keeps the course it had when the take started, so the take stays where the server placed it.
 */
export function useSessionAudio(
  createAudio: () => CollabAudio,
  state: CollabSessionState | undefined,
  arrangement: Arrangement | null,
  beatUrl: string | null,
  recording: boolean,
) {
  const audioRef = useRef<CollabAudio | null>(null);
  const [beat, setBeat] = useState<{ duration: number; peaks: Peaks } | null>(null);
  const [beatFailed, setBeatFailed] = useState(false);
  const [peaks, setPeaks] = useState<Record<string, Peaks>>({});
  const loadedTakes = useRef(new Set<string>());
  const transportSeq = useCollabLiveStore((s) => s.transportSeq);

  useEffect(() => {
    const audio = createAudio();
    audioRef.current = audio;
    const takes = loadedTakes.current;
    return () => {
      audio.dispose();
      audioRef.current = null;
      takes.clear();
    };
  }, [createAudio]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !beatUrl) return;
    let live = true;
    audio.loadBeat(beatUrl).then(
      (loaded) => live && setBeat(loaded),
      () => live && setBeatFailed(true),
    );
    return () => {
      live = false;
    };
  }, [beatUrl]);

  const takes = state?.takes;
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !takes) return;
    for (const take of takes) {
      if (loadedTakes.current.has(take.id)) continue;
      loadedTakes.current.add(take.id);
      audio.loadTake(take.id, take.audio_url).then(
        (wave) => setPeaks((known) => ({ ...known, [take.id]: wave })),
        () => loadedTakes.current.delete(take.id),
      );
    }
  }, [takes]);

  useEffect(() => {
    if (arrangement) audioRef.current?.setArrangement(arrangement);
  }, [arrangement]);

  const data = state?.session.session_data;
  useEffect(() => {
    if (data) audioRef.current?.setMix(data);
  }, [data]);

  const beatReady = beat !== null;
  const isPlaying = data?.is_playing;
  const position = data?.current_position;
  const positionStamp = data?.position_at;
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !beatReady || recording || isPlaying === undefined) return;
    const offset = useCollabLiveStore.getState().clockOffsetMs;
    const timeline = {
      is_playing: isPlaying,
      current_position: position ?? 0,
      position_at: positionStamp ?? 0,
    };
    if (isPlaying) audio.play(positionAt(timeline, Date.now() + offset));
    else audio.pause(timeline.current_position);
  }, [beatReady, recording, isPlaying, position, positionStamp, transportSeq]);

  return { audio: audioRef, beat, beatReady, beatFailed, peaks };
}
