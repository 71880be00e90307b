import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvoicesDialog } from '../../features/invoices/components/invoices-dialog';
import { useInvoicesDialog } from '../../features/invoices/store/invoices-dialog-store';
import { sessionKeys } from '../../features/session/api';
import { createBrowserPlatform, PlatformProvider, type Platform } from '../../lib/platform';
import {
  HISTORY_BEAT_ID,
  makeDownloadItem,
  makeInvoice,
  makeInvoicePage,
  makePurchaseItem,
} from '../../test/account-fixtures';
import { listener } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/mock-fetch';
import { createTestQueryClient, renderRoutes } from '../../test/render';
import { DownloadsRoute } from './downloads-route';

const base = `/api/users/${listener.id}`;
const signedUrl = `/api/downloads/signed-token`;

function setup() {
  let history = [makeDownloadItem({ beat_title: 'Midnight Run' })];
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(listener),
    [`GET ${base}/downloads`]: () => jsonResponse(history),
    [`GET ${base}/purchases`]: () => jsonResponse([makePurchaseItem({ beat_title: 'Midnight Run' })]),
    [`GET /api/beats/${HISTORY_BEAT_ID}/download-status`]: () =>
      jsonResponse({ canDownload: true, reason: 'license', formats: ['wav', 'mp3'] }),
    [`POST /api/beats/${HISTORY_BEAT_ID}/download`]: () => {
      history = [makeDownloadItem({ beat_title: 'Midnight Run' }), ...history];
      return jsonResponse({
        downloadUrl: signedUrl,
        filename: 'Midnight Run.wav',
        formatMatch: true,
        originalFormat: 'wav',
        userPreference: 'wav',
      });
    },
    'GET /api/invoices': () => jsonResponse(makeInvoicePage([makeInvoice()])),
  });
  const saveFile = vi.fn(async () => ({ saved: true }));
  const platform: Platform = { ...createBrowserPlatform(), saveFile };
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.me, listener);
  const view = renderRoutes(
    [
      {
        path: '/downloads',
        element: (
          <PlatformProvider platform={platform}>
            <DownloadsRoute />
            <InvoicesDialog />
          </PlatformProvider>
        ),
      },
    ],
    { initialEntry: '/downloads', queryClient },
  );
  return { ...view, api, saveFile };
}

afterEach(() => useInvoicesDialog.setState({ isOpen: false }));

describe('/downloads as the app composes it', () => {
  it('downloads again through the purchase feature’s flow, and the history shows it', async () => {
    const { user, api, saveFile } = setup();
    const tab = await screen.findByRole('tab', { name: /Download History/ });
    await waitFor(() => expect(tab).toHaveTextContent('Download History 1'));

    await user.click(screen.getByRole('button', { name: 'Download Midnight Run' }));

    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith({ path: signedUrl, suggestedName: 'Midnight Run.wav' }),
    );
    expect(api.calls(`GET /api/beats/${HISTORY_BEAT_ID}/download-status`)).toHaveLength(1);
    await waitFor(() => expect(tab).toHaveTextContent('Download History 2'));
  });

  it('a Premium purchase downloads as the WAV picked from its Download menu', async () => {
    const { user, api, saveFile } = setup();
    await user.click(await screen.findByRole('tab', { name: /Purchases/ }));
    const purchases = await screen.findByRole('list', { name: 'Purchases' });
    await user.click(within(purchases).getByRole('button', { name: 'Download Midnight Run' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download WAV' }));

    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith({ path: signedUrl, suggestedName: 'Midnight Run.wav' }),
    );
    expect(api.calls(`POST /api/beats/${HISTORY_BEAT_ID}/download`).map((r) => r.body)).toEqual([
      { format: 'wav' },
    ]);
  });

  it('opens Invoices & Receipts over the page', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Invoices & Receipts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoices & Receipts' });
    expect(await within(dialog).findByRole('button', { name: 'Invoice BR-2026-000001' })).toBeInTheDocument();
  });
});
