import type { SessionUser } from '@beatroom/shared/auth-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_REASON_TEXTS } from '@beatroom/shared/refund-texts';
import { createBrowserPlatform, PlatformProvider, type Platform } from '../../../lib/platform';
import { TOAST_EVENT, type ToastDetail } from '../../../lib/toast';
import { listener, makeBeat, producer } from '../../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { makeDownloadResponse, makeDownloadStatus, makeLicenses } from '../../../test/purchase-fixtures';
import { renderRoutes } from '../../../test/render';
import { usePurchaseDialog } from '../store/purchase-dialog-store';
import { BeatPriceButton, type PricedBeat } from './beat-price-button';
import { PurchaseDialog } from './purchase-dialog';

const paid = makeBeat();
const free = makeBeat({
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Open Air',
  price_cents: 0,
  is_free: true,
});

function setup(
  beat: PricedBeat,
  variant: 'card' | 'page',
  {
    user = listener,
    handlers = {},
  }: { user?: SessionUser | null; handlers?: Record<string, FetchHandler> } = {},
) {
  const api = stubFetch({
    'GET /api/users/me': () => (user ? jsonResponse(user) : jsonResponse({ error: 'Not signed in' }, 401)),
    [`GET /api/beats/${beat.id}/licenses`]: () => jsonResponse(makeLicenses(beat.price_cents)),
    'GET /api/payment/methods': () => jsonResponse([]),
    [`GET /api/beats/${beat.id}/download-status`]: () =>
      jsonResponse(makeDownloadStatus({ canDownload: false, reason: 'payment_required' })),
    [`POST /api/beats/${beat.id}/download`]: () => jsonResponse(makeDownloadResponse()),
    ...handlers,
  });
  const saveFile = vi.fn<Platform['saveFile']>(async () => ({ saved: true }));
  const platform: Platform = { ...createBrowserPlatform(), saveFile };
  const view = renderRoutes([
    {
      path: '/',
      element: (
        <PlatformProvider platform={platform}>
          <BeatPriceButton beat={beat} variant={variant} />
          <PurchaseDialog />
        </PlatformProvider>
      ),
    },
  ]);
  return { ...view, api, saveFile };
}

beforeEach(() => usePurchaseDialog.setState({ beat: null, onPurchased: null }));

describe('the price button', () => {
  it('on a card: the price opens the purchase dialog for that beat', async () => {
    const { user, api } = setup(paid, 'card');
    await user.click(screen.getByRole('button', { name: 'Buy Midnight Run, $29.99' }));
    expect(await screen.findByRole('dialog', { name: 'Purchase Beat' })).toHaveTextContent(
      'Midnight Run by Nova Beats',
    );
    expect(await screen.findByRole('radio', { name: 'Basic licence, $29.99' })).toBeChecked();
    expect(api.calls(`GET /api/beats/${paid.id}/download-status`)).toHaveLength(0);
  });

  it('a free beat shows Free and downloads at once', async () => {
    const { user, saveFile } = setup(free, 'card', {
      handlers: {
        [`GET /api/beats/${free.id}/download-status`]: () =>
          jsonResponse(makeDownloadStatus({ canDownload: true, reason: 'free' })),
      },
    });
    const button = screen.getByRole('button', { name: 'Free: download Open Air' });
    expect(button).toHaveTextContent('Free');
    await user.click(button);
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the owner sees Download and gets the file', async () => {
    const { user, saveFile } = setup(paid, 'card', {
      user: producer,
      handlers: {
        [`GET /api/beats/${paid.id}/download-status`]: () =>
          jsonResponse(makeDownloadStatus({ canDownload: true, reason: 'owner' })),
      },
    });
    const button = await screen.findByRole('button', { name: 'Download Midnight Run' });
    expect(button).toHaveTextContent('Download');
    await user.click(button);
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  });

  it('on the beat page: a licence holder sees Download', async () => {
    setup(paid, 'page', {
      handlers: {
        [`GET /api/beats/${paid.id}/download-status`]: () =>
          jsonResponse(makeDownloadStatus({ canDownload: true, reason: 'license' })),
      },
    });
    expect(await screen.findByRole('button', { name: 'Download Midnight Run' })).toBeInTheDocument();
  });

  it('on the beat page: a Premium holder picks WAV or MP3, and the choice is sent', async () => {
    const { user, api, saveFile } = setup(paid, 'page', {
      handlers: {
        [`GET /api/beats/${paid.id}/download-status`]: () =>
          jsonResponse(makeDownloadStatus({ reason: 'license', formats: ['wav', 'mp3'] })),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download Midnight Run' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Download WAV', 'Download MP3']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Download WAV' }));

    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith({
        path: '/api/downloads/signed-token-123',
        suggestedName: 'Midnight Run (Premium).wav',
      }),
    );
    expect(api.calls(`POST /api/beats/${paid.id}/download`).map((r) => r.body)).toEqual([{ format: 'wav' }]);
  });

  it('on the beat page: the producer may pick any format of their master too', async () => {
    const { user, api } = setup(paid, 'page', {
      user: producer,
      handlers: {
        [`GET /api/beats/${paid.id}/download-status`]: () =>
          jsonResponse(makeDownloadStatus({ reason: 'owner', formats: ['wav', 'mp3'] })),
      },
    });
    // The owner sees Download at once; it becomes a menu once the status lists the formats.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download Midnight Run' })).toHaveAttribute(
        'aria-haspopup',
        'menu',
      ),
    );
    expect(api.calls(`GET /api/beats/${paid.id}/download-status`)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Download Midnight Run' }));
    expect(await screen.findByRole('menuitem', { name: 'Download WAV' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Download MP3' })).toBeInTheDocument();
  });

  it('on the beat page: a licence with one format downloads at once, and the server picks', async () => {
    const { user, api, saveFile } = setup(paid, 'page', {
      handlers: {
        [`GET /api/beats/${paid.id}/download-status`]: () =>
          jsonResponse(makeDownloadStatus({ reason: 'license', formats: ['mp3'] })),
      },
    });
    await waitFor(() => expect(api.calls(`GET /api/beats/${paid.id}/download-status`)).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Download Midnight Run' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(api.calls(`POST /api/beats/${paid.id}/download`).map((r) => r.body)).toEqual([undefined]);
  });

  it('on the beat page: the price runs the download flow, which asks for payment first', async () => {
    const { user, api } = setup(paid, 'page');
    const button = await screen.findByRole('button', { name: 'Buy Midnight Run, $29.99' });
    await waitFor(() => expect(api.calls(`GET /api/beats/${paid.id}/download-status`)).toHaveLength(1));
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Purchase Beat' })).toBeInTheDocument();
    expect(usePurchaseDialog.getState().onPurchased).toEqual(expect.any(Function));
    expect(api.calls(`POST /api/beats/${paid.id}/download`)).toHaveLength(0);
  });

  it('on the beat page: a refunded licence offers Buy again, says why, and opens the purchase dialog', async () => {
    const toasts: ToastDetail[] = [];
    const onToast = (e: Event) => toasts.push((e as CustomEvent<ToastDetail>).detail);
    window.addEventListener(TOAST_EVENT, onToast);
    try {
      const { user, api } = setup(paid, 'page', {
        handlers: {
          [`GET /api/beats/${paid.id}/download-status`]: () =>
            jsonResponse(makeDownloadStatus({ canDownload: false, reason: 'refunded' })),
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Buy Midnight Run again, $29.99' }));
      expect(await screen.findByRole('dialog', { name: 'Purchase Beat' })).toBeInTheDocument();
      expect(toasts).toContainEqual(expect.objectContaining({ title: DOWNLOAD_REASON_TEXTS.refunded }));
      expect(api.calls(`POST /api/beats/${paid.id}/download`)).toHaveLength(0);
    } finally {
      window.removeEventListener(TOAST_EVENT, onToast);
    }
  });

  it('on the beat page: a disputed payment says downloads are paused, and buys nothing', async () => {
    const toasts: ToastDetail[] = [];
    const onToast = (e: Event) => toasts.push((e as CustomEvent<ToastDetail>).detail);
    window.addEventListener(TOAST_EVENT, onToast);
    try {
      const { user, api } = setup(paid, 'page', {
        handlers: {
          [`GET /api/beats/${paid.id}/download-status`]: () =>
            jsonResponse(makeDownloadStatus({ canDownload: false, reason: 'disputed' })),
        },
      });
      const button = await screen.findByRole('button', { name: 'Buy Midnight Run, $29.99' });
      await waitFor(() => expect(api.calls(`GET /api/beats/${paid.id}/download-status`)).toHaveLength(1));
      await user.click(button);
      await waitFor(() =>
        expect(toasts).toContainEqual(expect.objectContaining({ title: DOWNLOAD_REASON_TEXTS.disputed })),
      );
      expect(screen.queryByRole('dialog', { name: 'Purchase Beat' })).toBeNull();
      expect(api.calls(`POST /api/beats/${paid.id}/download`)).toHaveLength(0);
    } finally {
      window.removeEventListener(TOAST_EVENT, onToast);
    }
  });

  it('an exclusively sold beat says "Sold exclusively" to others: nothing to buy', async () => {
    const sold = makeBeat({ sold_exclusively: true });
    setup(sold, 'page', {
      handlers: {
        [`GET /api/beats/${sold.id}/download-status`]: () =>
          jsonResponse(makeDownloadStatus({ canDownload: false, reason: 'sold_exclusive' })),
      },
    });
    expect(await screen.findByText('Sold exclusively')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy Midnight Run/ })).not.toBeInTheDocument();
  });

  it('the exclusive buyer still sees Download on the sold beat', async () => {
    const sold = makeBeat({ sold_exclusively: true });
    setup(sold, 'page', {
      handlers: {
        [`GET /api/beats/${sold.id}/download-status`]: () =>
          jsonResponse(makeDownloadStatus({ canDownload: true, reason: 'license' })),
      },
    });
    expect(await screen.findByRole('button', { name: 'Download Midnight Run' })).toBeInTheDocument();
  });
});
