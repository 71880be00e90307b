import { formatTimeAgo } from '@beatroom/shared/format-dates';
import { formatNumber } from '@beatroom/shared/format-numbers';
import { useQuery } from '@tanstack/react-query';
import { Headphones, MicVocal, Pause, Play } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { PanelSection } from '../../../components/ui/panel-section';
import { apiUrl } from '../../../lib/api-client';
import { useOneAtATimeAudio } from '../../../lib/use-one-at-a-time-audio';
import { publicRecordingsQueryOptions, registerRecordingPlay } from '../api';

/** Community Vocal Covers: recordings over this beat, with the Record Now prompt. */
export function VocalCovers({ beatId, onRecord }: { beatId: string; onRecord: () => void }) {
  const recordings = useQuery(publicRecordingsQueryOptions(beatId));
  // Takes live in private storage: each plays from its audio_url, not /api/files.
  const { playingId, toggle } = useOneAtATimeAudio('vocal covers', registerRecordingPlay);
  const list = recordings.data ?? [];

  return (
    <PanelSection title="Community Vocal Covers">
      {recordings.isPending || list.length === 0 ? (
        // While loading, the empty state's own box, invisible and pulsing: most beats have no
        // covers yet, and a shorter placeholder made the page jump when it came (CLS).
        <div
          aria-hidden={recordings.isPending || undefined}
          className={`mt-4 flex flex-col items-start gap-3 rounded-2xl bg-fg/5 p-5 sm:flex-row sm:items-center ${recordings.isPending ? 'animate-pulse' : ''}`}
        >
          <div className={`contents ${recordings.isPending ? '[&>*]:invisible' : ''}`}>
            <MicVocal aria-hidden="true" className="size-8 shrink-0 text-accent" />
            <div className="flex-1">
              <p className="font-medium">No vocal covers yet</p>
              <p className="text-sm text-muted">Be the first to record vocals over this beat.</p>
            </div>
            <Button onClick={onRecord} tabIndex={recordings.isPending ? -1 : undefined}>
              <MicVocal aria-hidden="true" className="size-4" />
              Record Now
            </Button>
          </div>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {list.map((recording) => {
            const playing = playingId === recording.id;
            return (
              <li key={recording.id} className="flex items-center gap-3 py-3">
                <button
                  type="button"
                  onClick={() => toggle({ id: recording.id, url: apiUrl(recording.audio_url) })}
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
    </PanelSection>
  );
}
