import type { SessionUser } from '@beatroom/shared/auth-contract';
import { licenseOptions } from '@beatroom/shared/licensing';
import { LicenseListResponse } from '@beatroom/shared/money-contract';
import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { redirectBrowser } from '../../../lib/browser-location';
import { createBrowserPlatform, PlatformProvider, type Platform } from '../../../lib/platform';
import { TOAST_EVENT, type ToastDetail } from '../../../lib/toast';
import { listener, makeBeat } from '../../../test/fixtures';
import { deferred, jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { makeLicenses, makePaymentMethod } from '../../../test/purchase-fixtures';
import { renderRoutes } from '../../../test/render';
import { useSignInDialog } from '../../session/store/sign-in-dialog-store';
import { usePurchaseDialog } from '../store/purchase-dialog-store';
import { PURCHASE_FAILED, PurchaseDialog } from './purchase-dialog';

vi.mock('../../../lib/browser-location', () => ({ redirectBrowser: vi.fn() }));

const beat = makeBeat();
const purchasePath = `/api/beats/${beat.id}/purchase`;
const SAVE_LABEL = 'Save payment method for future purchases';

function collectToasts() {
  const toasts: ToastDetail[] = [];
  const listen = (event: Event) => toasts.push((event as CustomEvent<ToastDetail>).detail);
  window.addEventListener(TOAST_EVENT, listen);
  return toasts;
}

function setup({
  user = listener,
  handlers = {},
  platform,
}: { user?: SessionUser | null; handlers?: Record<string, FetchHandler>; platform?: Platform } = {}) {
  const api = stubFetch({
    'GET /api/users/me': () => (user ? jsonResponse(user) : jsonResponse({ error: 'Not signed in' }, 401)),
    [`GET /api/beats/${beat.id}/licenses`]: () => jsonResponse(makeLicenses(beat.price_cents)),
    'GET /api/payment/methods': () => jsonResponse([]),
    ...handlers,
  });
  const toasts = collectToasts();
  const onPurchased = vi.fn();
  const dialog = <PurchaseDialog />;
  const view = renderRoutes([
    {
      path: '/',
      element: platform ? <PlatformProvider platform={platform}>{dialog}</PlatformProvider> : dialog,
    },
  ]);
  act(() =>
    usePurchaseDialog
      .getState()
      .open({ id: beat.id, title: beat.title, producer_name: beat.producer_name }, { onPurchased }),
  );
  return { ...view, api, toasts, onPurchased };
}

const radio = (name: string | RegExp) => screen.getByRole('radio', { name });
const summaryRow = (label: string) =>
  within(screen.getByRole('region', { name: 'Order summary' })).getByText(label).nextElementSibling;

beforeEach(() => {
  usePurchaseDialog.setState({ beat: null, onPurchased: null });
  useSignInDialog.setState({ isOpen: false, onClose: null });
  vi.mocked(redirectBrowser).mockReset();
});

describe('the licence cards', () => {
  it('start on Basic, mark Premium POPULAR and price the order summary by the chosen licence', async () => {
    const { user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Purchase Beat' });
    expect(dialog).toHaveTextContent('Midnight Run by Nova Beats');
    expect(await screen.findByRole('radio', { name: 'Basic licence, $29.99' })).toBeChecked();
    expect(radio('Premium licence, $59.98')).not.toBeChecked();
    expect(radio('Exclusive licence, $299.90')).toBeEnabled();
    expect(screen.getByText('POPULAR').closest('label')).toHaveTextContent('Premium');
    expect(screen.getAllByText('POPULAR')).toHaveLength(1);
    expect(radio(/Basic licence/)).toHaveAccessibleDescription(/MP3 320kbps/);

    expect(summaryRow('Subtotal')).toHaveTextContent('$29.99');
    expect(summaryRow('Processing fee')).toHaveTextContent('$0.00');
    expect(summaryRow('Total')).toHaveTextContent('$29.99');

    await user.click(radio(/Premium licence/));
    expect(radio(/Premium licence/)).toBeChecked();
    expect(summaryRow('Total')).toHaveTextContent('$59.98');
  });

  it('show an exclusive held by another checkout disabled, with the reason', async () => {
    setup({
      handlers: {
        [`GET /api/beats/${beat.id}/licenses`]: () =>
          jsonResponse(makeLicenses(beat.price_cents, { exclusiveReserved: true })),
      },
    });
    const exclusive = await screen.findByRole('radio', { name: /Exclusive licence/ });
    expect(exclusive).toBeDisabled();
    expect(exclusive.closest('label')).toHaveTextContent('This beat is being purchased by another buyer');
    expect(radio(/Basic licence/)).toBeChecked();
  });

  it('says "sold exclusively" and offers nothing to buy once every licence is gone', async () => {
    setup({
      handlers: {
        [`GET /api/beats/${beat.id}/licenses`]: () =>
          jsonResponse(makeLicenses(beat.price_cents, { soldExclusive: true })),
      },
    });
    await screen.findByRole('radio', { name: /Basic licence/ });
    for (const license of ['Basic', 'Premium', 'Trackout', 'Exclusive']) {
      expect(radio(new RegExp(`${license} licence`))).toBeDisabled();
    }
    expect(screen.getAllByText('This beat has been sold exclusively')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeDisabled();
  });
});

describe('the payment choice', () => {
  it('offers the save box only for a new card or PayPal', async () => {
    const { user } = setup({
      handlers: { 'GET /api/payment/methods': () => jsonResponse([makePaymentMethod()]) },
    });
    expect(await screen.findByRole('radio', { name: /New card/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: SAVE_LABEL })).toBeInTheDocument();

    await user.click(radio(/PayPal/));
    expect(screen.getByRole('checkbox', { name: SAVE_LABEL })).toBeInTheDocument();

    await user.click(await screen.findByRole('radio', { name: /Visa •••• 4242/ }));
    expect(screen.queryByRole('checkbox', { name: SAVE_LABEL })).not.toBeInTheDocument();
  });

  it('offers Apple Pay and Google Pay only where the device says it can pay', async () => {
    const first = setup();
    await screen.findByRole('radio', { name: /New card/ });
    expect(screen.queryByRole('radio', { name: /Apple Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Google Pay/ })).not.toBeInTheDocument();
    first.unmount();

    vi.stubGlobal('ApplePaySession', { canMakePayments: () => true });
    vi.stubGlobal(
      'PaymentRequest',
      class {
        canMakePayment = () => Promise.resolve(true);
      },
    );
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: /Apple Pay/ }));
    expect(await screen.findByRole('radio', { name: /Google Pay/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: SAVE_LABEL })).not.toBeInTheDocument();
  });

  it('preselects the default saved method; a removed choice falls back to a new card', async () => {
    const visa = makePaymentMethod({ is_default: true });
    const paypal = makePaymentMethod({
      id: 'pm_paypal',
      payment_type: 'paypal',
      card_brand: null,
      card_last_four: null,
      card_exp_month: null,
      card_exp_year: null,
      paypal_email: 'fan@example.com',
    });
    let methods = [paypal, visa];
    const { user, api } = setup({
      handlers: {
        'GET /api/payment/methods': () => jsonResponse(methods),
        'DELETE /api/payment/methods/pm_visa_4242': () => {
          methods = methods.filter((m) => m.id !== visa.id);
          return new Response(null, { status: 204 });
        },
      },
    });
    const saved = await screen.findByRole('radio', { name: /Visa •••• 4242/ });
    expect(saved).toBeChecked();
    expect(saved.closest('li')).toHaveTextContent('Expires 12/30 · Default');
    expect(radio(/New card/)).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Remove Visa •••• 4242' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Visa/ })).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/payment/methods/pm_visa_4242')).toHaveLength(1);
    expect(radio(/New card/)).toBeChecked();
    expect(radio(/PayPal \(fan@example.com\)/)).not.toBeChecked();
  });
});

describe('purchasing', () => {
  it('is disabled while processing, then sends the browser to the checkout', async () => {
    const answer = deferred<Response>();
    const { user, api } = setup({ handlers: { [`POST ${purchasePath}`]: () => answer.promise } });
    await user.click(await screen.findByRole('radio', { name: /Premium licence/ }));
    await user.click(screen.getByRole('checkbox', { name: SAVE_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Purchase' }));

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(api.calls(`POST ${purchasePath}`)[0]?.body).toEqual({
      license_type: 'premium',
      price_cents: 5998,
      payment_method: 'new_card',
      save_payment_method: true,
    });
    answer.resolve(jsonResponse({ order_id: 'o1', checkout_url: 'http://localhost:3000/checkout/local/o1' }));

    await waitFor(() =>
      expect(redirectBrowser).toHaveBeenCalledWith('http://localhost:3000/checkout/local/o1'),
    );
    // The page is leaving: nothing can be bought twice meanwhile.
    expect(screen.getByRole('button', { name: 'Redirecting to checkout...' })).toBeDisabled();
  });

  it('charges a saved method at once: the completion callback runs and the dialog closes', async () => {
    const { user, api, onPurchased, toasts } = setup({
      handlers: {
        'GET /api/payment/methods': () => jsonResponse([makePaymentMethod({ is_default: true })]),
        [`POST ${purchasePath}`]: () => jsonResponse({ order_id: 'o2', status: 'paid' }),
      },
    });
    await screen.findByRole('radio', { name: /Visa •••• 4242/ });
    await user.click(screen.getByRole('button', { name: 'Purchase' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onPurchased).toHaveBeenCalledTimes(1);
    expect(api.calls(`POST ${purchasePath}`)[0]?.body).toEqual({
      license_type: 'basic',
      price_cents: 2999,
      payment_method: 'saved',
      save_payment_method: false,
      saved_payment_method_id: 'pm_visa_4242',
    });
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', title: 'Purchase complete' }));
    expect(redirectBrowser).not.toHaveBeenCalled();
  });

  it('shows the one failure alert, not the server’s text, and returns to idle', async () => {
    const { user, api, onPurchased } = setup({
      handlers: {
        [`POST ${purchasePath}`]: () => jsonResponse({ error: 'You already hold this licence' }, 409),
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(PURCHASE_FAILED);
    expect(screen.queryByText('You already hold this licence')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Purchase' })).toBeEnabled();
    expect(screen.getByRole('dialog', { name: 'Purchase Beat' })).toBeInTheDocument();
    expect(onPurchased).not.toHaveBeenCalled();
    // The price may have changed or the exclusive gone: the cards are asked for again.
    await waitFor(() => expect(api.calls(`GET /api/beats/${beat.id}/licenses`)).toHaveLength(2));
  });

  it('opens the checkout in the system browser on the desktop and keeps the app where it is', async () => {
    const openExternal = vi.fn();
    const platform: Platform = { ...createBrowserPlatform(), kind: 'desktop', openExternal };
    const { user, toasts } = setup({
      platform,
      handlers: {
        [`POST ${purchasePath}`]: () =>
          jsonResponse({ order_id: 'o3', checkout_url: 'https://checkout.stripe.com/c/pay/o3' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Purchase' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(openExternal).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/o3');
    expect(redirectBrowser).not.toHaveBeenCalled();
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Checkout opened in your browser' }));
  });

  it('asks a visitor to sign in instead of offering payment', async () => {
    const { user, api } = setup({ user: null });
    await screen.findByRole('radio', { name: /Basic licence/ });
    expect(screen.queryByRole('radio', { name: /New card/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Purchase' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign In to Purchase' }));
    expect(useSignInDialog.getState().isOpen).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Purchase Beat' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/payment/methods')).toHaveLength(0);
  });
});

describe('exact prices and upgrades', () => {
  /** A beat its producer listed at €19.99 (2359 USD cents), as GET /licenses answers it. */
  const euroLicences = (holding?: { held: ('basic' | 'premium')[]; paid_cents: number }) =>
    LicenseListResponse.parse(
      licenseOptions(
        {
          price_cents: 2359,
          list_price_cents: 1999,
          list_currency: 'EUR',
          is_free: false,
          sold_exclusive: false,
        },
        false,
        holding,
      ),
    );
  const inEuros = {
    'GET /api/user-settings': () => jsonResponse({ ...DEFAULT_USER_SETTINGS, preferredCurrency: 'EUR' }),
  };

  it('shows a EUR buyer the list price exactly, and what is charged in USD', async () => {
    setup({
      handlers: { ...inEuros, [`GET /api/beats/${beat.id}/licenses`]: () => jsonResponse(euroLicences()) },
    });
    expect(await screen.findByRole('radio', { name: 'Basic licence, €19.99' })).toBeChecked();
    expect(radio('Premium licence, €39.98')).toBeEnabled();
    await waitFor(() => expect(summaryRow('Charged in USD')).toHaveTextContent('$23.59 USD'));
    expect(summaryRow('Total')).toHaveTextContent('€19.99');
  });

  it('offers a Basic holder Upgrade to Premium for the difference, and sends that price', async () => {
    const { user, api } = setup({
      handlers: {
        [`GET /api/beats/${beat.id}/licenses`]: () =>
          jsonResponse(euroLicences({ held: ['basic'], paid_cents: 2359 })),
        [`POST ${purchasePath}`]: () => jsonResponse({ order_id: 'o1', checkout_url: '/checkout/local/o1' }),
      },
    });
    expect(await screen.findByRole('radio', { name: 'Basic licence, $23.59' })).toBeDisabled();
    expect(screen.getByText('You own this licence')).toBeInTheDocument();
    expect(radio('Upgrade to Premium licence, $23.59 (the difference)')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await waitFor(() => expect(api.calls(`POST ${purchasePath}`)).toHaveLength(1));
    expect(api.calls(`POST ${purchasePath}`)[0]?.body).toMatchObject({
      license_type: 'premium',
      price_cents: 2359,
    });
  });
});
