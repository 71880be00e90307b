import type { SettingsSection, Theme } from '@beatroom/shared/settings-constants';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '@beatroom/shared/settings-contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSearchParams } from 'react-router-dom';
import { TOAST_EVENT } from '../../../lib/toast';
import { ada } from '../../../test/fixtures';
import { deferred, jsonResponse, stubFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { SettingsPage } from './settings-page';

function Page({ onThemePreview }: { onThemePreview: (theme: Theme) => void }) {
  const [params] = useSearchParams();
  return (
    <SettingsPage
      section={(params.get('section') ?? 'account') as SettingsSection}
      onThemePreview={onThemePreview}
      producerId={null}
      slots={{
        account: <p>Account slot</p>,
        subscription: <p>Subscription slot</p>,
        credits: <p>Credits slot</p>,
      }}
    />
  );
}

function setup(
  section: SettingsSection,
  { stored = DEFAULT_USER_SETTINGS, put }: { stored?: UserSettings; put?: FetchHandler } = {},
) {
  const api = stubFetch({
    'GET /api/users/me': () => jsonResponse(ada),
    'GET /api/user-settings': () => jsonResponse(stored),
    'PUT /api/user-settings': put ?? ((request) => jsonResponse(request.body)),
  });
  const onThemePreview = vi.fn();
  const rendered = renderRoutes([{ path: '/settings', element: <Page onThemePreview={onThemePreview} /> }], {
    initialEntry: `/settings?section=${section}`,
  });
  return { ...rendered, api, onThemePreview };
}

const saveBar = () => screen.queryByRole('region', { name: 'Unsaved changes' });

describe('settings page', () => {
  it('lists the eight sections and shows the one ?section= names, others from their slots', async () => {
    const { user } = setup('privacy');
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Account',
      'Subscription',
      'Credits',
      'Audio',
      'Download',
      'Notifications',
      'Privacy',
      'Display',
    ]);
    expect(await screen.findByRole('heading', { name: 'Privacy' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Privacy' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('link', { name: 'Subscription' }));
    expect(screen.getByText('Subscription slot')).toBeInTheDocument();
    expect(saveBar()).not.toBeInTheDocument();
  });

  it('shows the Save/Discard bar on a change; Save puts the whole object and clears it', async () => {
    const toasts = vi.fn();
    window.addEventListener(TOAST_EVENT, toasts);
    const answer = deferred<Response>();
    const { user, api } = setup('audio', { put: () => answer.promise });

    const autoPlay = await screen.findByRole('switch', { name: 'Auto-play' });
    expect(saveBar()).not.toBeInTheDocument();
    await user.click(autoPlay);
    expect(autoPlay).toHaveAttribute('aria-checked', 'false');
    expect(saveBar()).toBeInTheDocument();

    // Changes survive switching sections and are saved together.
    await user.click(screen.getByRole('link', { name: 'Download' }));
    await user.selectOptions(await screen.findByLabelText('Download format'), 'WAV');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();

    const sent = { ...DEFAULT_USER_SETTINGS, autoPlay: false, downloadFormat: 'wav' };
    expect(api.calls('PUT /api/user-settings')[0]?.body).toEqual(sent);
    answer.resolve(jsonResponse(sent));
    await waitFor(() => expect(saveBar()).not.toBeInTheDocument());
    expect(screen.getByLabelText('Download format')).toHaveValue('wav');
    expect(toasts.mock.calls[0]?.[0].detail).toMatchObject({ type: 'success', title: 'Settings saved' });
    window.removeEventListener(TOAST_EVENT, toasts);
  });

  it('Discard reverts every change and hides the bar without saving', async () => {
    const { user, api, onThemePreview } = setup('notifications', {
      stored: { ...DEFAULT_USER_SETTINGS, theme: 'light' },
    });
    const reviews = await screen.findByRole('switch', { name: 'Reviews' });
    await user.click(reviews);
    await user.click(screen.getByRole('switch', { name: 'Promotional emails' }));
    expect(reviews).toHaveAttribute('aria-checked', 'false');

    await user.click(screen.getByRole('button', { name: 'Discard' }));

    expect(saveBar()).not.toBeInTheDocument();
    expect(reviews).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Promotional emails' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(api.calls('PUT /api/user-settings')).toHaveLength(0);
    // Discard also puts the saved theme back on screen.
    expect(onThemePreview).toHaveBeenLastCalledWith('light');
  });

  it('has an e-mail switch per kind of mail, each saved as its own setting', async () => {
    const { user, api } = setup('notifications');
    const switches = [
      'Order receipts by e-mail',
      'Sales by e-mail',
      'Support replies by e-mail',
      'Refunds by e-mail',
    ];
    for (const name of switches) {
      expect(await screen.findByRole('switch', { name })).toHaveAttribute('aria-checked', 'true');
    }
    await user.click(screen.getByRole('switch', { name: 'Sales by e-mail' }));
    await user.click(screen.getByRole('switch', { name: 'Refunds by e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saveBar()).not.toBeInTheDocument());
    expect(api.calls('PUT /api/user-settings')[0]?.body).toEqual({
      ...DEFAULT_USER_SETTINGS,
      saleEmails: false,
      refundEmails: false,
    });
  });

  it('shows a theme change at once, before saving, and the saved one again when left unsaved', async () => {
    const { user, api, onThemePreview, unmount } = setup('display');
    await user.selectOptions(await screen.findByLabelText('Theme'), 'Light');
    expect(onThemePreview).toHaveBeenLastCalledWith('light');
    expect(api.calls('PUT /api/user-settings')).toHaveLength(0);
    expect(saveBar()).toBeInTheDocument();

    unmount();
    expect(onThemePreview).toHaveBeenLastCalledWith('dark');
  });

  it("shows the server's validation message, keeps the changes and the bar for another try", async () => {
    const { user } = setup('audio', {
      put: () => jsonResponse({ error: 'defaultVolume: defaultVolume must be 0 to 100' }, 400),
    });
    const volume = await screen.findByLabelText('Default volume');
    expect(volume).toHaveValue('75');
    // jsdom does not move a range input by keyboard or pointer: set its value as the browser would.
    fireEvent.change(volume, { target: { value: '76' } });
    expect(volume).toHaveValue('76');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your settings were not saved');
    expect(alert).toHaveTextContent('defaultVolume: defaultVolume must be 0 to 100');
    expect(volume).toHaveValue('76');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the stored timezone, or the browser’s, as text only', async () => {
    setup('display', { stored: { ...DEFAULT_USER_SETTINGS, timezone: 'Europe/Berlin' } });
    expect(await screen.findByText('Europe/Berlin')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Timezone' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
  });
});
