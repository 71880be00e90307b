import { fileUrl } from '@beatroom/shared/beats-contract';
import { formatNumber, formatTimeAgo } from '@beatroom/shared/format';
import { useQuery } from '@tanstack/react-query';
import { Headphones, MicVocal, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { pauseMainPlayer, useMainPlayerIsPlaying } from '../../player/hooks/use-beat-playback';
import { describeError, publicRecordingsQueryOptions, registerRecordingPlay } from '../api';
import { apiUrl } from '../../../lib/api-client';

/** One audio element for the list: playing a cover pauses the main player, and vice versa. */
function useCoverPlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const mainIsPlaying = useMainPlayerIsPlaying();

  useEffect(() => {
    const element = document.createElement('audio');
    const stop = () => setPlayingId(null);
    element.addEventListener('ended', stop);
    element.addEventListener('pause', stop);
    audio.current = element;
    return () => {
      element.removeEventListener('ended', stop);
      element.removeEventListener('pause', stop);
      element.pause();
    };
  }, []);

  useEffect(() => {
    if (mainIsPlaying) audio.current?.pause();
  }, [mainIsPlaying]);

  function toggle(recording: { id: string; file_key: string }) {
    const element = audio.current;
    if (!element) return;
    if (playingId === recording.id) {
      element.pause();
      return;
    }
    pauseMainPlayer();
    element.src = apiUrl(fileUrl(recording.file_key));
    setPlayingId(recording.id);
    registerRecordingPlay(recording.id);
    element.play()?.catch((error: unknown) => {
      console.error(`Failed to play the vocal cover: ${describeError(error)}`);
      setPlayingId(null);
    });
  }

  return { playingId, toggle };
}

/** Community Vocal Covers: recordings over this beat, with the Record Now prompt. */
export function VocalCovers({ beatId, onRecord }: { beatId: string; onRecord: () => void }) {
  const recordings = useQuery(publicRecordingsQueryOptions(beatId));
  const { playingId, toggle } = useCoverPlayer();
  const list = recordings.data ?? [];

  return (
    <section
      aria-labelledby="covers-title"
      className="rounded-3xl border border-line bg-surface/60 p-5 sm:p-6"
    >
      <h2 id="covers-title" className="text-lg font-semibold">
        Community Vocal Covers
      </h2>
      {recordings.isPending ? (
        <div aria-hidden="true" className="mt-4 h-16 animate-pulse rounded-2xl bg-fg/10" />
      ) : list.length === 0 ? (
        <div className="mt-4 flex flex-col items-start gap-3 rounded-2xl bg-fg/5 p-5 sm:flex-row sm:items-center">
          <MicVocal aria-hidden="true" className="size-8 shrink-0 text-accent" />
          <div className="flex-1">
            <p className="font-medium">No vocal covers yet</p>
            <p className="text-sm text-muted">Be the first to record vocals over this beat.</p>
          </div>
          <Button onClick={onRecord}>
            <MicVocal aria-hidden="true" className="size-4" />
            Record Now
          </Button>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {list.map((recording) => {
            const playing = playingId === recording.id;
            return (
              <li key={recording.id} className="flex items-center gap-3 py-3">
                <button
                  type="button"
                  onClick={() => toggle(recording)}
                  aria-label={`${playing ? 'Pause' : 'Play'} ${recording.recording_name}`}
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg hover:bg-accent-hover"
                >
                  {playing ? (
                    <Pause aria-hidden="true" className="size-4 fill-current" />
                  ) : (
                    <Play aria-hidden="true" className="ml-0.5 size-4 fill-current" />
                  )}
                </button>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{recording.recording_name}</p>
                  <Link
                    to={`/profile/${recording.user_id}`}
                    className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-fg hover:underline"
                  >
                    <Avatar src={recording.vocalist_avatar} name={recording.vocalist_name} size={18} />
                    {recording.vocalist_name}
                  </Link>
                </div>
                <div className="flex shrink-0 flex-col items-end text-xs text-muted numeric">
                  <span className="inline-flex items-center gap-1">
                    <Headphones aria-hidden="true" className="size-3.5" />
                    {formatNumber(recording.play_count)}
                  </span>
                  <span>{formatTimeAgo(recording.created_at)}</span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
