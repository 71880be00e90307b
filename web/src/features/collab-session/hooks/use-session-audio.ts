import { positionAt, type CollabSessionState, type Track } from '@beatroom/shared/collab-sessions-contract';
import { useEffect, useRef, useState } from 'react';
import type { CollabAudio } from '../collab-audio';
import { useCollabLiveStore } from '../store/collab-live-store';

/**
 * The session's sound on this page: one CollabAudio for the page's life; the beat and the takes
 * loaded as they come; the mix follows the session's settings; the transport follows the host,
 * positioned by the server's clock (so the message's delay does not put this member behind).
 */
export function useSessionAudio(
  createAudio: () => CollabAudio,
  state: CollabSessionState | undefined,
  beatUrl: string | null,
  recording: boolean,
) {
  const audioRef = useRef<CollabAudio | null>(null);
  const [beatReady, setBeatReady] = useState(false);
  const [beatFailed, setBeatFailed] = useState(false);
  const loadedTakes = useRef(new Map<Track, string>());
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
      () => live && setBeatReady(true),
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
      if (loadedTakes.current.get(take.track) === take.id) continue;
      loadedTakes.current.set(take.track, take.id);
      audio.loadTake(take.track, take.audio_url).catch(() => loadedTakes.current.delete(take.track));
    }
  }, [takes]);

  const data = state?.session.session_data;
  useEffect(() => {
    if (data) audioRef.current?.setMix(data);
  }, [data]);

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

  return { audio: audioRef, beatReady, beatFailed };
}
