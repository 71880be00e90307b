import type { SessionUser } from '@beatroom/shared/auth-contract';
import type { DownloadStatus } from '@beatroom/shared/downloads-contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserPlatform, PlatformProvider, type Platform } from '../../../lib/platform';
import { TOAST_EVENT, type ToastDetail } from '../../../lib/toast';
import { listener, makeBeat } from '../../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import {
  makeDownloadResponse,
  makeDownloadStatus,
  makeLicenses,
  makePaymentMethod,
} from '../../../test/purchase-fixtures';
import { renderRoutes } from '../../../test/render';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { DownloadBeatButton } from '../components/download-beat-button';
import { PurchaseDialog } from '../components/purchase-dialog';
import { usePurchaseDialog } from '../store/purchase-dialog-store';
import { DOWNLOAD_ALERTS } from './use-download-beat';

// The download flow through the button the player bar and the history use, with
// the purchase dialog mounted as app/ mounts it.

const beat = makeBeat();
const path = (suffix: string) => `/api/beats/${beat.id}/${suffix}`;

function setup({
  user = listener,
  statuses = [makeDownloadStatus()],
  handlers = {},
  platform,
}: {
  user?: SessionUser | null;
  /** The download-status answers, in order (the last one repeats). */
  statuses?: (DownloadStatus | Response)[];
  handlers?: Record<string, FetchHandler>;
  platform?: Platform;
} = {}) {
  let asked = 0;
  const api = stubFetch({
    'GET /api/users/me': () => (user ? jsonResponse(user) : jsonResponse({ error: 'Not signed in' }, 401)),
    [`GET ${path('download-status')}`]: () => {
      const answer = statuses[Math.min(asked++, statuses.length - 1)]!;
      return answer instanceof Response ? answer : jsonResponse(answer);
    },
    [`POST ${path('download')}`]: () => jsonResponse(makeDownloadResponse()),
    [`GET ${path('licenses')}`]: () => jsonResponse(makeLicenses(beat.price_cents)),
    'GET /api/payment/methods': () => jsonResponse([makePaymentMethod({ is_default: true })]),
    [`POST ${path('purchase')}`]: () => jsonResponse({ order_id: 'o1', status: 'paid' }),
    ...handlers,
  });
  const saveFile = vi.fn<Platform['saveFile']>(async () => ({ saved: true }));
  const chosen: Platform = platform ?? { ...createBrowserPlatform(), kind: 'desktop', saveFile };
  const toasts: ToastDetail[] = [];
  window.addEventListener(TOAST_EVENT, (event) => toasts.push((event as CustomEvent<ToastDetail>).detail));
  const view = renderRoutes([
    {
      path: '/',
      element: (
        <PlatformProvider platform={chosen}>
          <DownloadBeatButton beat={beat} variant="labelled" />
          <PurchaseDialog />
        </PlatformProvider>
      ),
    },
  ]);
  return { ...view, api, saveFile, toasts };
}

beforeEach(() => {
  usePurchaseDialog.setState({ beat: null, onPurchased: null });
  useSignInDialog.setState({ isOpen: false, onClose: null });
});

describe('downloading a beat', () => {
  it('saves the signed file under the server’s name when the user may download', async () => {
    const { user, api, saveFile } = setup();
    await user.click(screen.getByRole('button', { name: 'Download Midnight Run' }));

    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith({
        path: '/api/downloads/signed-token-123',
        suggestedName: 'Midnight Run (Premium).wav',
      }),
    );
    // Status first, then the link.
    expect(api.requests.map((r) => `${r.method} ${r.path}`).filter((r) => r.includes(beat.id))).toEqual([
      `GET ${path('download-status')}`,
      `POST ${path('download')}`,
    ]);
  });

  it('on the web clicks an <a download> for the signed link', async () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const { user } = setup({ platform: createBrowserPlatform() });
    await user.click(screen.getByRole('button', { name: 'Download Midnight Run' }));
    await waitFor(() =>
      expect(clicked).toEqual([
        { href: '/api/downloads/signed-token-123', download: 'Midnight Run (Premium).wav' },
      ]),
    );
  });

  it('asks a signed-out visitor to sign in (401) and requests nothing more', async () => {
    const { user, api, saveFile, toasts } = setup({
      user: null,
      statuses: [jsonResponse({ error: 'Not signed in' }, 401)],
    });
    await user.click(screen.getByRole('button', { name: 'Download Midnight Run' }));

    await waitFor(() => expect(useSignInDialog.getState().isOpen).toBe(true));
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', title: DOWNLOAD_ALERTS.SIGN_IN }));
    expect(api.calls(`POST ${path('download')}`)).toHaveLength(0);
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('opens the purchase dialog when payment is required, then downloads once the purchase completes', async () => {
    const { user, api, saveFile } = setup({
      statuses: [
        makeDownloadStatus({ canDownload: false, reason: 'payment_required' }),
        makeDownloadStatus({ canDownload: true, reason: 'license' }),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Download Midnight Run' }));
    expect(await screen.findByRole('dialog', { name: 'Purchase Beat' })).toBeInTheDocument();
    expect(api.calls(`POST ${path('download')}`)).toHaveLength(0);

    // The default saved card is charged at once: the order is paid without leaving the page.
    expect(await screen.findByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Purchase' }));

    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'Purchase Beat' })).not.toBeInTheDocument();
    expect(api.calls(`GET ${path('download-status')}`)).toHaveLength(2);
    expect(api.calls(`POST ${path('download')}`)).toHaveLength(1);
  });

  it('alerts "Failed to download file" when the link is refused, and only logs the server’s reason', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, saveFile, toasts } = setup({
      handlers: { [`POST ${path('download')}`]: () => jsonResponse({ error: 'Download link expired' }, 403) },
    });
    await user.click(screen.getByRole('button', { name: 'Download Midnight Run' }));

    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ type: 'error', title: DOWNLOAD_ALERTS.FAILED }),
      ),
    );
    expect(toasts.map((t) => t.title)).not.toContain('Download link expired');
    expect(log).toHaveBeenCalledWith('Download link expired');
    expect(saveFile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download Midnight Run' })).toBeEnabled();
  });

  it('alerts the same when the status check itself fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, api, toasts } = setup({ statuses: [jsonResponse({ error: 'Boom' }, 500)] });
    await user.click(screen.getByRole('button', { name: 'Download Midnight Run' }));

    await waitFor(() => expect(toasts.map((t) => t.title)).toContain(DOWNLOAD_ALERTS.FAILED));
    expect(log.mock.calls.map((call) => call[0])).toContainEqual(
      expect.stringMatching(/^Failed to check download status/),
    );
    expect(api.calls(`POST ${path('download')}`)).toHaveLength(0);
  });

  it('says so when the beat was sold exclusively to someone else', async () => {
    const { user, api, toasts } = setup({
      statuses: [makeDownloadStatus({ canDownload: false, reason: 'sold_exclusive' })],
    });
    await user.click(screen.getByRole('button', { name: 'Download Midnight Run' }));
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('This beat has been sold exclusively'));
    expect(usePurchaseDialog.getState().beat).toBeNull();
    expect(api.calls(`POST ${path('download')}`)).toHaveLength(0);
  });
});
