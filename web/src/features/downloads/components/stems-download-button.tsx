import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FolderArchive, LoaderCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { serverErrorText } from '../../../lib/error-text';
import { usePlatform } from '../../../lib/platform';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../session/hooks/use-session';
import { downloadsKeys, requestStemsDownload } from '../api';

/**
 * "Stems" on a purchase whose licence includes the beat's stems ZIP: a signed link from the
 * server, saved under its filename; the download then joins the history.
 */
export function StemsDownloadButton({ beat }: { beat: { id: string; title: string } }) {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const download = useMutation({
    mutationFn: async () => {
      const link = await requestStemsDownload(beat.id);
      await platform.saveFile({ path: link.downloadUrl, suggestedName: link.filename });
    },
    onSuccess: () => {
      if (user) void queryClient.invalidateQueries({ queryKey: downloadsKeys.history(user.id) });
    },
    onError: (error) =>
      showToast({ type: 'error', title: serverErrorText(error) ?? 'Could not download the stems' }),
  });
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Download the stems of ${beat.title}`}
      disabled={download.isPending}
      aria-busy={download.isPending || undefined}
      onClick={() => download.mutate()}
    >
      {download.isPending ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <FolderArchive aria-hidden="true" className="size-4" />
      )}
      Stems
    </Button>
  );
}
