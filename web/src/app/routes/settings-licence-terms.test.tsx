import { DEFAULT_LICENCE_TERMS, type ProducerLicenceTerms } from '@beatroom/shared/licence-terms-contract';
import { DEFAULT_USER_SETTINGS } from '@beatroom/shared/settings-contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SettingsRoute } from './settings-route';
import { TOAST_EVENT } from '../../lib/toast';
import { ada, makeProfile } from '../../test/fixtures';
import { jsonResponse, stubFetch, type FetchHandler } from '../../test/mock-fetch';
import { renderRoutes } from '../../test/render';

function setup({ role = 'producer', put }: { role?: 'producer' | 'artist'; put?: FetchHandler } = {}) {
  let stored: ProducerLicenceTerms = DEFAULT_LICENCE_TERMS;
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(ada),
    'GET /api/user-settings': () => jsonResponse(DEFAULT_USER_SETTINGS),
    [`GET /api/users/${ada.id}/profile`]: () =>
      jsonResponse(makeProfile(ada.id, { beats_count: 0, profile: { user_role: role } })),
    'GET /api/licence-terms': () => jsonResponse(stored),
    'PUT /api/licence-terms':
      put ??
      ((request) => {
        stored = request.body as ProducerLicenceTerms;
        return jsonResponse(stored);
      }),
  });
  const view = renderRoutes([{ path: '/settings', element: <SettingsRoute /> }], {
    initialEntry: '/settings?section=licence-terms',
  });
  return { ...view, api };
}

const card = (name: string) => screen.getByRole('group', { name });

describe('Settings → Licence terms', () => {
  it('is offered only to producers', async () => {
    setup({ role: 'artist' });
    expect(await screen.findByText(/Licence terms are for producers/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).queryByRole('link', { name: 'Licence terms' })).not.toBeInTheDocument();
  });

  it('loads the defaults, saves an edited field with the whole set and says so', async () => {
    const toasts = vi.fn();
    window.addEventListener(TOAST_EVENT, toasts);
    const { user, api } = setup();

    const nav = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(await within(nav).findByRole('link', { name: 'Licence terms' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The terms arrive after the section (their answer is checked first).
    const basic = await screen.findByRole('group', { name: 'Basic' });
    const basicCopies = await within(basic).findByLabelText('Basic Distribution copies');
    expect(basicCopies).toHaveValue(2000);
    expect(within(card('Exclusive')).getByLabelText('Exclusive Audio streams')).toBeDisabled();
    expect(
      within(card('Exclusive')).getByRole('checkbox', { name: 'Exclusive Term (years): Perpetual' }),
    ).toBeChecked();

    const streams = within(card('Premium')).getByLabelText('Premium Audio streams');
    await user.clear(streams);
    await user.type(streams, '250000');
    await user.clear(within(card('Basic')).getByLabelText('Basic Credit line'));
    await user.type(within(card('Basic')).getByLabelText('Basic Credit line'), 'Prod. by Ada');
    await user.click(screen.getByRole('button', { name: 'Save licence terms' }));

    await waitFor(() => expect(api.calls('PUT /api/licence-terms')).toHaveLength(1));
    expect(api.calls('PUT /api/licence-terms')[0]?.body).toEqual({
      ...DEFAULT_LICENCE_TERMS,
      basic: { ...DEFAULT_LICENCE_TERMS.basic, credit_line: 'Prod. by Ada' },
      premium: { ...DEFAULT_LICENCE_TERMS.premium, audio_streams: 250_000 },
    });
    await waitFor(() =>
      expect(toasts.mock.calls[0]?.[0].detail).toMatchObject({
        type: 'success',
        title: 'Licence terms saved',
      }),
    );
    // Saved: the form shows the stored terms, reloaded, and there is nothing left to save.
    expect(within(card('Premium')).getByLabelText('Premium Audio streams')).toHaveValue(250_000);
    expect(screen.getByRole('button', { name: 'Save licence terms' })).toBeDisabled();
    window.removeEventListener(TOAST_EVENT, toasts);
  });

  it('names a box the contract rejects without sending, and shows the server refusing a save', async () => {
    const { user, api } = setup({
      put: () => jsonResponse({ error: 'premium.radio_stations: must be at most 1,000,000,000' }, 400),
    });
    const copies = await within(await screen.findByRole('group', { name: 'Basic' })).findByLabelText(
      'Basic Distribution copies',
    );
    await user.clear(copies);
    await user.click(screen.getByRole('button', { name: 'Save licence terms' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Basic: Distribution copies must be a whole number',
    );
    expect(api.calls('PUT /api/licence-terms')).toHaveLength(0);

    await user.type(copies, '500');
    await user.click(screen.getByRole('button', { name: 'Save licence terms' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'premium.radio_stations: must be at most 1,000,000,000',
      ),
    );
    // The draft stays for another try.
    expect(copies).toHaveValue(500);
    expect(screen.getByRole('button', { name: 'Save licence terms' })).toBeEnabled();
  });
});
