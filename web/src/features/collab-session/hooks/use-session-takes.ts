import type { CollabSessionState } from '@beatroom/shared/collab-sessions-contract';
import { COLLAB_LIVE_STALE_MS } from '@beatroom/shared/collab-take-edits-contract';
import type { Arrangement, ArrangementClip } from '@beatroom/shared/studio-arrangement';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { deleteTake, moveTake, receiveCollabEvent } from '../api';
import type { Peaks } from '../collab-audio';
import { isFresh, withRecordings } from '../session-recordings';
import { useCollabLiveStore, type LiveRecording } from '../store/collab-live-store';

const noRecordings: Record<string, LiveRecording> = {};

/**
 * What the session's timeline shows of its takes beyond the arrangement the player plays: the
 * takes members are recording right now (each growing on its track, gone once stale), and the
 * edits this member may make: move their own takes, delete their own (the host: any). Each edit
 * goes to the server, and its answer lands as the live event would.
 */
export function useSessionTakes(input: {
  sessionId: string;
  userId: string;
  isHost: boolean;
  state: CollabSessionState | undefined;
  arrangement: Arrangement | null;
  peaks: Record<string, Peaks>;
}) {
  const { sessionId, userId, isHost, state, arrangement, peaks } = input;
  const queryClient = useQueryClient();
  const recordings = useCollabLiveStore((s) => s.recordings[sessionId] ?? noRecordings);
  const [now, setNow] = useState(() => Date.now());
  const recording = Object.keys(recordings).length > 0;
  // A clip whose member went quiet is dropped within a second of going stale.
  useEffect(() => {
    if (!recording) return;
    const timer = window.setInterval(() => setNow(Date.now()), Math.min(1_000, COLLAB_LIVE_STALE_MS / 2));
    return () => window.clearInterval(timer);
  }, [recording]);

  const shown = useMemo(() => {
    if (!arrangement) return null;
    const fresh = Object.fromEntries(Object.entries(recordings).filter(([, r]) => isFresh(r, now)));
    const live = withRecordings(arrangement, fresh);
    return { arrangement: live.arrangement, peaks: recording ? { ...peaks, ...live.peaks } : peaks };
  }, [arrangement, recordings, now, peaks, recording]);

  const owners = useMemo(() => new Map((state?.takes ?? []).map((t) => [t.id, t.user_id])), [state?.takes]);
  const failed = (title: string) => (error: unknown) =>
    showToast({ type: 'error', title, message: serverErrorText(error) ?? undefined });
  const move = useMutation({
    mutationFn: ({ takeId, start }: { takeId: string; start: number }) =>
      moveTake(sessionId, takeId, { start_seconds: start }),
    onSuccess: (take) => receiveCollabEvent(queryClient, { type: 'take_moved', session_id: sessionId, take }),
    onError: failed('Could not move the take'),
  });
  const remove = useMutation({
    mutationFn: (takeId: string) => deleteTake(sessionId, takeId),
    onSuccess: (_, takeId) =>
      receiveCollabEvent(queryClient, { type: 'take_deleted', session_id: sessionId, take_id: takeId }),
    onError: failed('Could not delete the take'),
  });

  const moveTo = move.mutate;
  const deleteOne = remove.mutate;
  const edits = useMemo(
    () => ({
      canMove: (clip: ArrangementClip) => owners.get(clip.takeId) === userId,
      canDelete: (clip: ArrangementClip) =>
        owners.has(clip.takeId) && (isHost || owners.get(clip.takeId) === userId),
      onMove: (clip: ArrangementClip, start: number) => moveTo({ takeId: clip.takeId, start }),
      onDelete: (clip: ArrangementClip) => deleteOne(clip.takeId),
    }),
    [owners, userId, isHost, moveTo, deleteOne],
  );

  return { shown, edits };
}
