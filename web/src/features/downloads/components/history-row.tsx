import { formatDateTime } from '@beatroom/shared/format-dates';
import { formatPriceIn } from '@beatroom/shared/format-money';
import { licenseName } from '@beatroom/shared/licensing';
import type { DownloadHistoryItem, PurchaseItem } from '@beatroom/shared/downloads-contract';
import type { DownloadFormat } from '@beatroom/shared/settings-constants';
import { Download, Eye, FileText, LoaderCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CoverArt } from '../../../components/ui/cover-art';
import { MenuButton } from '../../../components/ui/menu-button';
import { apiUrl } from '../../../lib/api-client';
import { storedImage } from '../../../lib/stored-file';
import { usePreferredCurrency } from '../../session/hooks/use-preferred-currency';
import { StemsDownloadButton } from './stems-download-button';

/** The beat a row's Download button hands to the download flow. */
export interface DownloadTarget {
  id: string;
  title: string;
  cover_image_key: string | null;
}

/** A licence as the rows label it (upper case), e.g. PREMIUM. */
export function licenseLabel(licenseType: DownloadHistoryItem['license_type']): string | null {
  return licenseType ? licenseName(licenseType).toUpperCase() : null;
}

/** A payment method as the rows label it: apple_pay → APPLE PAY. */
export function paymentLabel(paymentMethod: string): string {
  return paymentMethod.replace(/_/g, ' ').toUpperCase();
}

function Label({ children }: { children: string }) {
  return (
    <span className="rounded-full border border-line bg-fg/5 px-2 py-0.5 text-[11px] font-semibold tracking-wider text-muted">
      {children}
    </span>
  );
}

export interface HistoryRowProps {
  item: DownloadHistoryItem | PurchaseItem;
  /** Without a format the server picks (the user's preference, else the licence's main format). */
  onDownload: (beat: DownloadTarget, format?: DownloadFormat) => void;
  /** This row's beat is being downloaded: its button waits. */
  downloading: boolean;
}

/**
 * One download or purchase: cover, title, date and time, the price paid, the
 * licence and payment labels, View and Download; a purchase also links its licence agreement,
 * and its Download is a menu of formats ("Download WAV", "Download MP3") when the licence
 * delivers more than one. A purchase whose licence includes the stems offers them; a download of
 * the stems says so.
 */
export function HistoryRow({ item, onDownload, downloading }: HistoryRowProps) {
  // Paid in USD cents like every price; shown in the viewer's currency at the fixed rate.
  const currency = usePreferredCurrency();
  const licence = licenseLabel(item.license_type);
  const purchase = 'order_id' in item ? item : null;
  const target: DownloadTarget = {
    id: item.beat_id,
    title: item.beat_title,
    cover_image_key: item.cover_image_key,
  };
  const formats = purchase?.formats ?? [];
  // A download of the stems ZIP is downloaded again as the stems.
  const stemsDownload = 'file' in item && item.file === 'stems';
  const icon = downloading ? (
    <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
  ) : (
    <Download aria-hidden="true" className="size-4" />
  );

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl border border-line bg-surface/60 p-3 sm:flex-nowrap">
      <div className="flex min-w-0 flex-1 basis-64 items-center gap-3">
        <CoverArt
          src={storedImage(item.cover_image_key)}
          sizes="3.5rem"
          title={item.beat_title}
          className="size-14 shrink-0 rounded-xl"
          initialClassName="text-xl"
        />
        <div className="min-w-0">
          <p className="truncate font-semibold">{item.beat_title}</p>
          <p className="text-xs text-muted numeric">
            <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-1.5">
            <span className="text-sm font-semibold numeric">
              {formatPriceIn(item.price_paid_cents, currency)}
            </span>
            {licence ? <Label>{licence}</Label> : null}
            {purchase ? <Label>{paymentLabel(purchase.payment_method)}</Label> : null}
            {stemsDownload ? <Label>STEMS</Label> : null}
          </p>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        {purchase ? (
          <a
            href={apiUrl(purchase.license_pdf_url)}
            download
            aria-label={`Licence PDF for ${item.beat_title}`}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            <FileText aria-hidden="true" className="size-4" />
            Licence PDF
          </a>
        ) : null}
        <Link
          to={`/beat/${encodeURIComponent(item.beat_id)}`}
          aria-label={`View ${item.beat_title}`}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <Eye aria-hidden="true" className="size-4" />
          View
        </Link>
        {purchase?.stems || stemsDownload ? <StemsDownloadButton beat={target} /> : null}
        {stemsDownload ? null : formats.length > 1 ? (
          <MenuButton
            label={`Download ${item.beat_title}`}
            className={buttonClasses({ size: 'sm' })}
            disabled={downloading}
            items={formats.map((format) => ({
              label: `Download ${format.toUpperCase()}`,
              onSelect: () => onDownload(target, format),
            }))}
          >
            {icon}
            Download
          </MenuButton>
        ) : (
          <Button
            size="sm"
            aria-label={`Download ${item.beat_title}`}
            disabled={downloading}
            aria-busy={downloading || undefined}
            onClick={() => onDownload(target)}
          >
            {icon}
            Download
          </Button>
        )}
      </div>
    </li>
  );
}
