import type { SessionUser } from '@beatroom/shared/auth-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_BEAT_ID, makeDownloadItem, makePurchaseItem } from '../../../test/account-fixtures';
import { listener } from '../../../test/fixtures';
import { deferred, jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { DownloadsPage } from './downloads-page';

const base = `/api/users/${listener.id}`;

const history = [
  makeDownloadItem({ beat_title: 'Midnight Run', license_type: 'premium', price_paid_cents: 5998 }),
  makeDownloadItem({
    beat_id: '33333333-3333-4333-8333-333333333333',
    beat_title: 'Free Flow',
    license_type: null,
    price_paid_cents: 0,
  }),
];
const purchases = [
  makePurchaseItem({ beat_title: 'Midnight Run', license_type: 'exclusive', payment_method: 'apple_pay' }),
];

function setup({
  viewer = listener,
  handlers = {},
  at = '/downloads',
}: {
  viewer?: SessionUser | null;
  handlers?: Record<string, FetchHandler>;
  at?: string;
} = {}) {
  const api = stubFetch({
    'GET /api/users/me': () =>
      viewer ? jsonResponse(viewer) : jsonResponse({ error: 'Not signed in' }, 401),
    [`GET ${base}/downloads`]: () => jsonResponse(history),
    [`GET ${base}/purchases`]: () => jsonResponse(purchases),
    ...handlers,
  });
  const onDownload = vi.fn();
  const onOpenInvoices = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '/downloads',
        element: (
          <DownloadsPage onDownload={onDownload} downloadingId={null} onOpenInvoices={onOpenInvoices} />
        ),
      },
      { path: '/beat/:beatId', element: <p>Beat page</p> },
      { path: '/', element: <p>Home</p> },
    ],
    { initialEntry: at },
  );
  return { ...view, api, onDownload, onOpenInvoices };
}

const rows = (label: string) => within(screen.getByRole('list', { name: label })).getAllByRole('listitem');

beforeEach(() => useSignInDialog.setState({ isOpen: false, onClose: null }));

describe('My Downloads', () => {
  it('shows skeleton rows, then both tabs with their counts', async () => {
    const pending = deferred<Response>();
    setup({ handlers: { [`GET ${base}/downloads`]: () => pending.promise } });

    const loading = await screen.findByRole('status', { name: 'Loading download history' });
    expect(within(loading).getAllByRole('listitem', { hidden: true })).toHaveLength(6);
    expect(await screen.findByRole('tab', { name: /Purchases/ })).toHaveTextContent('Purchases 1');

    pending.resolve(jsonResponse(history));
    const historyTab = screen.getByRole('tab', { name: /Download History/ });
    await waitFor(() => expect(historyTab).toHaveTextContent('Download History 2'));
    expect(historyTab).toHaveAttribute('aria-selected', 'true');
    expect(rows('Download History')).toHaveLength(2);
  });

  it('shows each row’s cover, title, date and time, price, and upper-case licence label', async () => {
    setup();
    const [premium, free] = await waitFor(() => rows('Download History'));

    expect(within(premium!).getByRole('img', { name: 'Cover of Midnight Run' })).toBeInTheDocument();
    expect(premium).toHaveTextContent('Midnight Run');
    const time = premium!.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2026-11-20T15:04:00.000Z');
    expect(time.textContent).toMatch(/^Nov 20, 2026, \d{1,2}:04 (AM|PM)$/);
    expect(within(premium!).getByText('$59.98')).toBeInTheDocument();
    expect(within(premium!).getByText('PREMIUM')).toBeInTheDocument();
    // A free beat's download holds no licence: no label, and the price reads Free.
    expect(within(free!).getByText('Free')).toBeInTheDocument();
    expect(within(free!).queryByText(/BASIC|PREMIUM|EXCLUSIVE/)).not.toBeInTheDocument();
  });

  it('lists purchases with licence and payment labels in upper case and the licence PDF', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('tab', { name: /Purchases/ }));
    expect(router.state.location.search).toBe('?tab=purchases');

    const [row] = await waitFor(() => rows('Purchases'));
    expect(within(row!).getByText('EXCLUSIVE')).toBeInTheDocument();
    expect(within(row!).getByText('APPLE PAY')).toBeInTheDocument();
    expect(within(row!).getByRole('link', { name: 'Licence PDF for Midnight Run' })).toHaveAttribute(
      'href',
      `/api/orders/${purchases[0]!.order_id}/license.pdf`,
    );
  });

  it('opens the Purchases tab from ?tab=purchases', async () => {
    setup({ at: '/downloads?tab=purchases' });
    expect(await screen.findByRole('tab', { name: /Purchases/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('hands the beat to the download flow, and View goes to the beat page', async () => {
    const { user, router, onDownload } = setup();
    await waitFor(() => rows('Download History'));

    await user.click(screen.getAllByRole('button', { name: 'Download Midnight Run' })[0]!);
    expect(onDownload).toHaveBeenCalledWith({
      id: HISTORY_BEAT_ID,
      title: 'Midnight Run',
      cover_image_key: null,
    });

    await user.click(screen.getAllByRole('link', { name: 'View Midnight Run' })[0]!);
    expect(router.state.location.pathname).toBe(`/beat/${HISTORY_BEAT_ID}`);
  });

  it('offers a purchase’s formats from its Download menu; a single-format licence downloads at once', async () => {
    const { user, onDownload } = setup({
      handlers: {
        [`GET ${base}/purchases`]: () =>
          jsonResponse([
            makePurchaseItem({ beat_title: 'Midnight Run', license_type: 'premium' }),
            makePurchaseItem({ beat_id: 'b-basic', beat_title: 'Low Tide', license_type: 'basic' }),
          ]),
      },
    });
    await user.click(await screen.findByRole('tab', { name: /Purchases/ }));
    const [premium, basic] = await waitFor(() => rows('Purchases'));

    await user.click(within(premium!).getByRole('button', { name: 'Download Midnight Run' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Download WAV', 'Download MP3']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Download MP3' }));
    expect(onDownload).toHaveBeenCalledWith(
      { id: HISTORY_BEAT_ID, title: 'Midnight Run', cover_image_key: null },
      'mp3',
    );

    // Basic delivers the MP3 only: no menu, and the server picks.
    await user.click(within(basic!).getByRole('button', { name: 'Download Low Tide' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onDownload).toHaveBeenLastCalledWith({ id: 'b-basic', title: 'Low Tide', cover_image_key: null });
  });

  it('offers the stems of a licence that includes them, and a stems download downloads them again', async () => {
    const stemsPath = `POST /api/beats/${HISTORY_BEAT_ID}/stems/download`;
    const { user, api, onDownload } = setup({
      handlers: {
        [`GET ${base}/downloads`]: () =>
          jsonResponse([
            makeDownloadItem({ beat_title: 'Midnight Run', license_type: 'trackout', file: 'stems' }),
          ]),
        [`GET ${base}/purchases`]: () =>
          jsonResponse([
            makePurchaseItem({ beat_title: 'Midnight Run', license_type: 'trackout', stems: true }),
            makePurchaseItem({ beat_id: 'b-basic', beat_title: 'Low Tide', license_type: 'basic' }),
          ]),
        [stemsPath]: () =>
          jsonResponse({ downloadUrl: '/api/downloads/signed', filename: 'Midnight Run (stems).zip' }),
      },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const [stemsRow] = await waitFor(() => rows('Download History'));
    expect(stemsRow).toHaveTextContent('STEMS');
    expect(within(stemsRow!).queryByRole('button', { name: 'Download Midnight Run' })).toBeNull();
    await user.click(within(stemsRow!).getByRole('button', { name: 'Download the stems of Midnight Run' }));
    await waitFor(() => expect(api.calls(stemsPath)).toHaveLength(1));

    await user.click(screen.getByRole('tab', { name: /Purchases/ }));
    const [trackout, basic] = await waitFor(() => rows('Purchases'));
    expect(within(basic!).queryByRole('button', { name: /stems/ })).toBeNull();
    await user.click(within(trackout!).getByRole('button', { name: 'Download the stems of Midnight Run' }));
    await waitFor(() => expect(api.calls(stemsPath)).toHaveLength(2));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    const saved = click.mock.contexts.at(-1) as HTMLAnchorElement;
    expect(saved.download).toBe('Midnight Run (stems).zip');
    expect(onDownload).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('opens Invoices & Receipts from the page', async () => {
    const { user, onOpenInvoices } = setup();
    await user.click(await screen.findByRole('button', { name: 'Invoices & Receipts' }));
    expect(onOpenInvoices).toHaveBeenCalledTimes(1);
  });

  it('shows the empty states with Browse Beats, also when a list fails to load', async () => {
    const { user, router } = setup({
      handlers: {
        [`GET ${base}/downloads`]: () => jsonResponse([]),
        [`GET ${base}/purchases`]: () => jsonResponse({ error: 'Something broke' }, 500),
      },
    });
    expect(await screen.findByRole('heading', { name: 'No downloads yet' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Download History/ })).toHaveTextContent('0');

    await user.click(screen.getByRole('tab', { name: /Purchases/ }));
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Purchases/ })).toHaveTextContent('Purchases 0');
    await user.click(screen.getByRole('link', { name: 'Browse Beats' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the sign-in dialog for a visitor, and closing it returns to /', async () => {
    const { router, api } = setup({ viewer: null });
    await waitFor(() => expect(useSignInDialog.getState().isOpen).toBe(true));
    expect(screen.getByRole('heading', { name: 'Sign in to see your downloads' })).toBeInTheDocument();
    expect(api.calls(`GET ${base}/downloads`)).toHaveLength(0);

    useSignInDialog.getState().close();
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('takes the dialog along when the visitor leaves another way', async () => {
    const { router } = setup({ viewer: null });
    await waitFor(() => expect(useSignInDialog.getState().isOpen).toBe(true));
    await router.navigate('/beat/b-1');
    expect(await screen.findByText('Beat page')).toBeInTheDocument();
    // The page closes the dialog in its effect's cleanup, which React may run just after the
    // new page is on screen.
    await waitFor(() => expect(useSignInDialog.getState()).toMatchObject({ isOpen: false, onClose: null }));
    expect(router.state.location.pathname).toBe('/beat/b-1');
  });
});
