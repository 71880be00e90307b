import type { SessionUser } from '@beatroom/shared/auth-contract';
import { formatTimeAgo } from '@beatroom/shared/format-dates';
import { formatDuration } from '@beatroom/shared/format-numbers';
import { RECORDINGS_ALERTS, type Recording } from '@beatroom/shared/recordings-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Globe, LoaderCircle, Lock, MicVocal, Pause, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CoverArt } from '../../../components/ui/cover-art';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { EmptyState } from '../../../components/ui/empty-state';
import { RowsSkeleton } from '../../../components/ui/rows-skeleton';
import { apiUrl } from '../../../lib/api-client';
import { usePlatform } from '../../../lib/platform';
import { saveApiFile } from '../../../lib/save-api-file';
import { storedImage } from '../../../lib/stored-file';
import { showToast } from '../../../lib/toast';
import { useOneAtATimeAudio } from '../../../lib/use-one-at-a-time-audio';
import {
  deleteRecording,
  recordingFileName,
  recordingsKeys,
  recordingsQueryOptions,
  registerOwnPlay,
  setRecordingPublic,
} from '../api';

interface RowProps {
  recording: Recording;
  playing: boolean;
  onToggle: () => void;
  onDownload: () => void;
  downloading: boolean;
  onDelete: () => void;
  onTogglePublic: () => void;
  /** The visibility is being changed. */
  publishing: boolean;
}

/**
 * One take: play or pause, cover and names, visibility, length and age, Publish or Unpublish,
 * Download and Delete.
 */
function RecordingRow({
  recording,
  playing,
  onToggle,
  onDownload,
  downloading,
  onDelete,
  onTogglePublic,
  publishing,
}: RowProps) {
  const name = recording.recording_name;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface/60 p-3 sm:flex-nowrap">
      <button
        type="button"
        onClick={onToggle}
        aria-label={`${playing ? 'Pause' : 'Play'} ${name}`}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg hover:bg-accent-hover"
      >
        {playing ? (
          <Pause aria-hidden="true" className="size-4 fill-current" />
        ) : (
          <Play aria-hidden="true" className="ml-0.5 size-4 fill-current" />
        )}
      </button>
      <CoverArt
        src={storedImage(recording.beat_cover)}
        sizes="56px"
        title={recording.beat_title}
        className="size-14 shrink-0 rounded-xl"
        initialClassName="text-xl"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{name}</p>
        <p className="truncate text-sm text-muted">
          over{' '}
          <Link to={`/beat/${recording.beat_id}`} className="hover:text-fg hover:underline">
            {recording.beat_title}
          </Link>
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-xs text-muted numeric">
          <span className="inline-flex items-center gap-1">
            {recording.is_public ? (
              <Globe aria-hidden="true" className="size-3.5" />
            ) : (
              <Lock aria-hidden="true" className="size-3.5" />
            )}
            {recording.is_public ? 'Public' : 'Private'}
          </span>
          <span>{formatDuration(recording.duration_seconds)}</span>
          <span>{formatTimeAgo(recording.created_at)}</span>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={onTogglePublic}
          disabled={publishing}
          aria-label={`${recording.is_public ? 'Unpublish' : 'Publish'} ${name}`}
        >
          {publishing ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : recording.is_public ? (
            <Lock aria-hidden="true" className="size-4" />
          ) : (
            <Globe aria-hidden="true" className="size-4" />
          )}
          {recording.is_public ? 'Unpublish' : 'Publish'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onDownload}
          disabled={downloading}
          aria-label={`Download ${name}`}
        >
          {downloading ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Download aria-hidden="true" className="size-4" />
          )}
          Download
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${name}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * My Recordings: the signed-in user's takes with play and pause (one at a
 * time, and never over the main player), publish or unpublish, download and delete. Failures
 * show the documented alerts. `onPublishedChanged` lets app/ refresh what lists the beat's covers.
 */
export function MyRecordingsPage({
  user,
  onPublishedChanged,
}: {
  user: SessionUser;
  onPublishedChanged?: (beatId: string) => void;
}) {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const recordings = useQuery(recordingsQueryOptions(user.id));
  const player = useOneAtATimeAudio('my recordings', registerOwnPlay);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Recording | null>(null);

  const remove = useMutation({
    mutationFn: (recording: Recording) => deleteRecording(recording.id),
    onSuccess: () => setConfirming(null),
    onError: () => {
      setConfirming(null);
      showToast({ type: 'error', title: RECORDINGS_ALERTS.deleteFailed });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordingsKeys.user(user.id) }),
  });

  const publish = useMutation({
    mutationFn: (recording: Recording) => setRecordingPublic(recording.id, !recording.is_public),
    onSuccess: (saved) => {
      queryClient.setQueryData(
        recordingsKeys.user(user.id),
        (data: { recordings: Recording[] } | undefined) =>
          data ? { recordings: data.recordings.map((r) => (r.id === saved.id ? saved : r)) } : data,
      );
      onPublishedChanged?.(saved.beat_id);
      showToast({
        type: 'success',
        title: saved.is_public ? 'Recording published' : 'Recording is private again',
        message: saved.is_public
          ? `"${saved.recording_name}" now shows under the beat's vocal covers.`
          : `"${saved.recording_name}" no longer shows on the beat's page.`,
      });
    },
    onError: (error) => {
      console.error(error);
      showToast({ type: 'error', title: 'Failed to update recording' });
    },
  });

  async function download(recording: Recording) {
    setDownloadingId(recording.id);
    try {
      await saveApiFile(platform, recording.audio_url, recordingFileName(recording));
    } catch (error) {
      console.error(error);
      showToast({ type: 'error', title: RECORDINGS_ALERTS.downloadFailed });
    } finally {
      setDownloadingId(null);
    }
  }

  function startDelete(recording: Recording) {
    if (player.playingId === recording.id) player.stop();
    setConfirming(recording);
  }

  const list = recordings.data ?? [];
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Recordings</h1>
        <p className="mt-1 text-sm text-muted">Your vocal takes from the studio, public and private.</p>
      </div>
      {recordings.isPending ? (
        <RowsSkeleton label="Loading recordings" avatar />
      ) : list.length === 0 ? (
        // A failed load is only logged (the query cache does), like the other lists.
        <EmptyState
          Icon={MicVocal}
          title="No recordings yet"
          message="Open a beat and press Record Now to lay down your first take."
        >
          <Link to="/" className={buttonClasses()}>
            Browse Beats
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label="My Recordings" className="flex flex-col gap-3">
          {list.map((recording) => (
            <RecordingRow
              key={recording.id}
              recording={recording}
              playing={player.playingId === recording.id}
              onToggle={() => player.toggle({ id: recording.id, url: apiUrl(recording.audio_url) })}
              onDownload={() => void download(recording)}
              downloading={downloadingId === recording.id}
              onDelete={() => startDelete(recording)}
              onTogglePublic={() => publish.mutate(recording)}
              publishing={publish.isPending && publish.variables.id === recording.id}
            />
          ))}
        </ul>
      )}
      <DialogShell
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(null);
        }}
        title="Delete recording?"
        description={
          confirming
            ? `"${confirming.recording_name}" and its audio will be deleted. This cannot be undone.`
            : undefined
        }
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button onClick={() => confirming && remove.mutate(confirming)} disabled={remove.isPending}>
            {remove.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            Delete
          </Button>
        </div>
      </DialogShell>
    </div>
  );
}
