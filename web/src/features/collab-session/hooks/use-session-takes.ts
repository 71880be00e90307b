import type { CollabSessionState } from '@beatroom/shared/collab-sessions-contract';
import type { ArrangementClip } from '@beatroom/shared/studio-arrangement';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { serverErrorText } from '../../../lib/error-text';
import { showToast } from '../../../lib/toast';
import { deleteTake, moveTake, receiveCollabEvent } from '../api';

/**
 * The edits this member may make to the session's takes: move their own, delete their own (the
 * host: any). Each goes to the server, and its answer lands as the live event would; the timeline
 * draws the takes being recorded beside them (`LiveRecordingClips`, per track).
 */
export function useSessionTakes(input: {
  sessionId: string;
  userId: string;
  isHost: boolean;
  state: CollabSessionState | undefined;
}) {
  const { sessionId, userId, isHost, state } = input;
  const queryClient = useQueryClient();
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

  return edits;
}
