import { useState } from 'react';
import { describeError } from '../../../lib/error-text';
import { usePlatform } from '../../../lib/platform';
import { saveApiFile } from '../../../lib/save-api-file';
import { showToast } from '../../../lib/toast';
import { invoicePdfPath } from '../api';

/** The documented alert, verbatim. */
export const INVOICE_DOWNLOAD_FAILED = 'Failed to download invoice.';

/**
 * Download PDF: saves GET /api/invoices/{number}/pdf as `<number>.pdf`; any
 * failure is logged and the user gets the documented alert.
 */
export function useDownloadInvoice() {
  const platform = usePlatform();
  const [downloading, setDownloading] = useState(false);

  /** `path`: another document of the invoice (a credit note) saved as `<number>.pdf`. */
  async function download(invoiceNumber: string, path = invoicePdfPath(invoiceNumber)) {
    setDownloading(true);
    try {
      await saveApiFile(platform, path, `${invoiceNumber}.pdf`);
    } catch (error) {
      console.error(`Invoice PDF download failed: ${describeError(error)}`);
      showToast({ type: 'error', title: INVOICE_DOWNLOAD_FAILED });
    } finally {
      setDownloading(false);
    }
  }

  return { download, downloading };
}
