import type { EditBeatBody } from '@beatroom/shared/beats-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteBeat, editBeat, uploadKeys } from '../api';

/**
 * Save an edit; answers the saved beat. Other features' views of the beat (the catalogue, the
 * beat page, profile lists) are refreshed by the modal's caller (app/ composes that).
 */
export function useEditBeat(beatId: string) {
  return useMutation({ mutationFn: (body: EditBeatBody) => editBeat(beatId, body) });
}

/** Delete: `onDeleted` runs first (the caller leaves the beat's page or refreshes its lists). */
export function useDeleteBeat(beatId: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBeat(beatId),
    onSuccess: () => {
      onDeleted();
      queryClient.removeQueries({ queryKey: uploadKeys.analytics(beatId) });
    },
  });
}
