import { useQueryClient } from '@tanstack/react-query';
import { downloadsKeys } from '../../features/downloads/api';
import { DownloadsPage } from '../../features/downloads/components/downloads-page';
import { useInvoicesDialog } from '../../features/invoices/store/invoices-dialog-store';
import { useDownloadBeat } from '../../features/purchase/hooks/use-download-beat';
import { useSession } from '../../features/session/hooks/use-session';

/**
 * /downloads: My Downloads with the purchase feature's download flow behind each
 * row's Download, and the Invoices & Receipts modal. A finished download joins the history.
 */
export function DownloadsRoute() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const openInvoices = useInvoicesDialog((state) => state.open);
  const { download, downloadingId } = useDownloadBeat({
    onDownloaded: () => {
      if (user) void queryClient.invalidateQueries({ queryKey: downloadsKeys.history(user.id) });
    },
  });
  return (
    <DownloadsPage
      onDownload={(beat, format) => void download(beat, { format })}
      downloadingId={downloadingId}
      onOpenInvoices={openInvoices}
    />
  );
}
