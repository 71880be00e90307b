// @vitest-environment jsdom
import type { LibraryListing } from '@beatroom/shared/ipc-library-contract';
import type { UploadQueueItem } from '@beatroom/shared/ipc-uploads-contract';
import type { PlatformLibrary, PlatformMicrophone } from '@beatroom/web/platform';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LibraryScreen } from './library-screen';

afterEach(cleanup);

const beat = (id: string, title: string, extra: Partial<LibraryListing['beats'][number]> = {}) => ({
  id,
  title,
  description: null,
  genre: 'Trap',
  mood: null,
  bpm: 140,
  key_signature: null,
  price_cents: 2999,
  is_free: false,
  duration_seconds: 125,
  play_count: 1200,
  download_count: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  coverUrl: null,
  ...extra,
});

const upload = (state: UploadQueueItem['state'], extra: Partial<UploadQueueItem> = {}): UploadQueueItem => ({
  id: `up-${state}`,
  title: `Upload ${state}`,
  state,
  progress: state === 'uploading_audio' ? 42 : 0,
  attempts: state === 'failed' ? 2 : 0,
  error: state === 'failed' ? 'The Beatroom server cannot be reached.' : null,
  nextAttemptAt: state === 'failed' ? '2026-01-01T00:05:00.000Z' : null,
  beatId: null,
  audioName: 'take.wav',
  coverName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

function fakeLibrary(uploads: UploadQueueItem[] = []) {
  const library = {
    list: vi.fn(async ({ search }: { search?: string }) => ({
      beats: [
        beat('b1', 'Night Drive', { coverUrl: 'app://beatroom/library-covers/b1-0123456789abcdef.jpg' }),
        beat('b2', 'Sunrise', { is_free: true }),
      ].filter((b) => !search || b.title.toLowerCase().includes(search.toLowerCase())),
      savedFiles: [
        { id: 'f1', name: 'Night Drive.mp3', size: 10, savedAt: '2026-01-02T00:00:00.000Z', exists: true },
      ],
      syncedAt: '2026-01-02T00:00:00.000Z',
    })),
    sync: vi.fn(async () => ({ syncedAt: '2026-01-02T00:00:00.000Z', count: 2, error: null })),
    openFile: vi.fn(async () => true),
    revealFile: vi.fn(async () => true),
    pickUploadFile: vi.fn(async () => null),
    enqueueUpload: vi.fn(),
    uploads: vi.fn(async () => uploads),
    retryUpload: vi.fn(),
    cancelUpload: vi.fn(),
    subscribe: vi.fn(() => () => {}),
    Screen: LibraryScreen,
  } satisfies PlatformLibrary;
  return library;
}

function fakeMicrophone(status: 'granted' | 'denied' = 'granted'): PlatformMicrophone {
  return {
    status: vi.fn(async () => ({
      status,
      canOpenSettings: true,
      help: status === 'denied' ? 'Open System Settings › Privacy & Security › Microphone' : null,
    })),
    request: vi.fn(),
    openSettings: vi.fn(async () => true),
    listInputDevices: vi.fn(async () => [{ deviceId: 'usb', label: 'Scarlett 2i2' }]),
    getPreferredInputDevice: vi.fn(async () => 'usb'),
    setPreferredInputDevice: vi.fn(async () => {}),
  };
}

describe('Library screen', () => {
  it('shows the mirrored beats, syncs on arrival, and opens a beat in the app', async () => {
    const library = fakeLibrary();
    const openBeat = vi.fn();
    render(
      <LibraryScreen library={library} microphone={fakeMicrophone()} openBeat={openBeat} currency="USD" />,
    );
    expect(await screen.findByText('Night Drive', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('My Beats (2)')).toBeTruthy();
    expect(screen.getByAltText('Cover of Night Drive').getAttribute('src')).toMatch(
      /^app:\/\/beatroom\/library-covers\//,
    );
    expect(screen.getByText('$29.99')).toBeTruthy();
    expect(
      within(screen.getByText('Sunrise', { selector: 'span' }).closest('button')!).getByText('Free'),
    ).toBeTruthy();
    expect(library.sync).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText('Sunrise', { selector: 'span' }));
    expect(openBeat).toHaveBeenCalledWith('b2');
  });

  it('shows prices in the user’s currency (EUR at the fixed 0.85 USD→EUR rate)', async () => {
    render(
      <LibraryScreen
        library={fakeLibrary()}
        microphone={fakeMicrophone()}
        openBeat={vi.fn()}
        currency="EUR"
      />,
    );
    expect(await screen.findByText('€25.49')).toBeTruthy();
    expect(screen.queryByText('$29.99')).toBeNull();
  });

  it('searches and sorts through the local library', async () => {
    const library = fakeLibrary();
    render(
      <LibraryScreen library={library} microphone={fakeMicrophone()} openBeat={vi.fn()} currency="USD" />,
    );
    await screen.findByText('My Beats (2)');
    fireEvent.change(screen.getByLabelText('Search your library'), { target: { value: 'sun' } });
    await waitFor(() => expect(screen.getByText('My Beats (1)')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'plays' } });
    await waitFor(() => expect(library.list).toHaveBeenLastCalledWith({ search: 'sun', sort: 'plays' }));
  });

  it('shows queued uploads with progress, and retries or cancels them', async () => {
    const library = fakeLibrary([upload('uploading_audio'), upload('failed')]);
    render(
      <LibraryScreen library={library} microphone={fakeMicrophone()} openBeat={vi.fn()} currency="USD" />,
    );
    const bar = await screen.findByRole('progressbar', { name: 'Upload of Upload uploading_audio' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    // The retry time is shown, as a <time> naming the exact moment.
    const retry = screen.getByText(
      /The Beatroom server cannot be reached\. Beatroom will try again by itself at/,
    );
    expect(retry.querySelector('time')?.getAttribute('datetime')).toBe('2026-01-01T00:05:00.000Z');
    fireEvent.click(screen.getByText('Retry'));
    expect(library.retryUpload).toHaveBeenCalledWith('up-failed');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload of Upload uploading_audio' }));
    expect(library.cancelUpload).toHaveBeenCalledWith('up-uploading_audio');
  });

  it('opens and reveals saved files', async () => {
    const library = fakeLibrary();
    render(
      <LibraryScreen library={library} microphone={fakeMicrophone()} openBeat={vi.fn()} currency="USD" />,
    );
    const row = (await screen.findByText('Night Drive.mp3')).closest('li')!;
    fireEvent.click(within(row).getByText('Open'));
    fireEvent.click(within(row).getByText('Show in folder'));
    expect(library.openFile).toHaveBeenCalledWith('f1');
    expect(library.revealFile).toHaveBeenCalledWith('f1');
  });

  it('explains a refused microphone with a way to the system settings, and keeps the chosen input', async () => {
    const microphone = fakeMicrophone('denied');
    render(
      <LibraryScreen library={fakeLibrary()} microphone={microphone} openBeat={vi.fn()} currency="USD" />,
    );
    expect(await screen.findByText('Microphone access is off.')).toBeTruthy();
    expect(screen.getByText(/Privacy & Security › Microphone/)).toBeTruthy();
    fireEvent.click(screen.getByText('Open System Settings'));
    expect(microphone.openSettings).toHaveBeenCalled();
    const select = screen.getByLabelText('Input device') as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('usb'));
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(microphone.setPreferredInputDevice).toHaveBeenCalledWith(null));
  });
});
