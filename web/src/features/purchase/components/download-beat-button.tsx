import { Download, LoaderCircle } from 'lucide-react';
import { useDownloadBeat, type DownloadBeatOptions } from '../hooks/use-download-beat';
import type { PurchaseBeat } from '../store/purchase-dialog-store';

const VARIANTS = {
  /** A round icon button, as in the player bar. */
  icon: 'size-9 rounded-full text-muted hover:bg-fg/10 hover:text-fg',
  /** A labelled button, as in a history row. */
  labelled:
    'h-8 gap-1.5 rounded-full border border-line bg-surface px-3 text-sm font-medium text-fg hover:bg-fg/10',
} as const;

/**
 * Download through the download flow: sign-in, purchase or the file, as the
 * server decides. For the player bar and the download history, which app/ hands it to.
 */
export function DownloadBeatButton({
  beat,
  variant,
  onDownloaded,
}: {
  beat: PurchaseBeat;
  variant: keyof typeof VARIANTS;
} & DownloadBeatOptions) {
  const { download, downloadingId } = useDownloadBeat({ onDownloaded });
  const busy = downloadingId === beat.id;
  const Icon = busy ? LoaderCircle : Download;
  return (
    <button
      type="button"
      onClick={() => void download(beat)}
      disabled={busy}
      aria-label={`Download ${beat.title}`}
      title={variant === 'icon' ? 'Download this beat' : undefined}
      className={`inline-flex shrink-0 items-center justify-center transition-colors disabled:cursor-wait disabled:opacity-60 ${VARIANTS[variant]}`}
    >
      <Icon
        aria-hidden="true"
        className={`${variant === 'icon' ? 'size-[18px]' : 'size-4'} ${busy ? 'animate-spin' : ''}`}
      />
      {variant === 'labelled' ? 'Download' : null}
    </button>
  );
}
